import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyRound } from 'lucide-react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

export type Notice = { tone: 'error' | 'success'; text: string } | null;
export function Section({
  title,
  help,
  icon: Icon,
  badge,
  children,
  danger = false,
}: {
  title: string;
  help: string;
  icon: typeof KeyRound;
  badge?: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  const headingId = useId();
  return (
    <Card
      className={danger ? 'border-red-300 p-6 dark:border-red-400/40' : 'p-6'}
      role="region"
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-start gap-3">
        <Icon
          aria-hidden="true"
          className={
            danger
              ? 'mt-0.5 size-5 text-red-700 dark:text-red-300'
              : 'mt-0.5 size-5 text-sky-700 dark:text-sky-300'
          }
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-lg font-semibold">
              {title}
            </h2>
            {badge}
          </div>
          <p className="mt-1 text-sm text-ink-muted">{help}</p>
        </div>
      </div>
      <div className="mt-5 space-y-4">{children}</div>
    </Card>
  );
}
/** A live region that is always there, so a success message is announced when it appears. */
export function Announcer({ notice }: { notice: Notice }) {
  return (
    <div aria-live="polite">
      {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
    </div>
  );
}
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Banner
      tone="error"
      action={
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('security.retry')}
        </Button>
      }
    >
      {t('security.loadFailed')}
    </Banner>
  );
}
