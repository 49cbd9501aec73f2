import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Check, Copy } from 'lucide-react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { bookingKeys } from '../../lib/booking-keys';
import { useFormat } from '../../lib/use-format';
import { createCalendarFeed, revokeCalendarFeed, useCalendarFeed } from './trips-api';

/**
 * The private calendar subscription: every booking in one feed a calendar app follows. Its
 * address is a secret shown once when made; revoking it stops it at once.
 */
export function CalendarFeedCard({ onAnnounce }: { onAnnounce: (message: string) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const feed = useCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  const create = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (answer) => {
      setUrl(answer.url);
      onAnnounce(t('trips.calendar.created'));
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => {
      setUrl(null);
      onAnnounce(t('trips.calendar.revoked'));
      void refresh();
    },
  });
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    setCopied(true);
    onAnnounce(t('trips.calendar.copied'));
    window.setTimeout(() => setCopied(false), 2_000);
  };
  const active = feed.data?.active ?? false;

  return (
    <Card className="mt-10 p-5 sm:p-6" role="region" aria-labelledby="trips-calendar-title">
      <h2 id="trips-calendar-title" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarDays aria-hidden="true" className="size-5 text-violet-700 dark:text-violet-300" />
        {t('trips.calendar.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('trips.calendar.text')}</p>
      {feed.isPending ? (
        <Skeleton className="mt-4 h-10" />
      ) : (
        <div className="mt-4 space-y-3">
          {url ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                readOnly
                aria-label={t('trips.calendar.linkLabel')}
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 font-mono text-sm text-ink"
              />
              <Button variant="outline" onClick={() => void copy()}>
                {copied ? (
                  <Check aria-hidden="true" className="size-4" />
                ) : (
                  <Copy aria-hidden="true" className="size-4" />
                )}
                {copied ? t('trips.calendar.copiedButton') : t('trips.calendar.copy')}
              </Button>
            </div>
          ) : active && feed.data?.createdAt ? (
            <p className="text-sm">
              {t('trips.calendar.active', { date: format.date(feed.data.createdAt) })}
            </p>
          ) : null}
          {url ? <p className="text-xs text-ink-muted">{t('trips.calendar.secret')}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant={active ? 'outline' : 'primary'}
              loading={create.isPending}
              onClick={() => create.mutate()}
            >
              {active ? t('trips.calendar.replace') : t('trips.calendar.create')}
            </Button>
            {active ? (
              <Button variant="ghost" loading={revoke.isPending} onClick={() => revoke.mutate()}>
                {t('trips.calendar.revoke')}
              </Button>
            ) : null}
          </div>
          {create.isError || revoke.isError ? (
            <Banner tone="error">{errorMessage(create.error ?? revoke.error)}</Banner>
          ) : null}
        </div>
      )}
    </Card>
  );
}
