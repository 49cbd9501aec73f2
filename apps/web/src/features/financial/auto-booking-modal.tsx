import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Bell, CalendarClock, CreditCard, Mail, ShieldCheck, Target, Zap } from 'lucide-react';
import type { Watch } from '@vowa/shared/watches/watch-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useAutoBookingStatus } from './auto-booking-api';
import { CardRequirement, EmailRequirement, FixLink } from './auto-booking-requirements';
import { useSaveBudgetSettings } from './finance-api';
import { useFormat } from '../../lib/use-format';
import { useCountryName, usePlaceName } from '../../lib/use-place-names';

/** How many watches the modal lists before "See all watches". */
const WATCHES_SHOWN = 5;

/**
 * Part 2 §2: what auto-booking does, and (issue 16 §4) only what is true now: the card it pays
 * with or that one is missing, whether the address is verified, what is being watched, the
 * 24-hour free cancellation. 'Disable Auto-Booking' (and, per the spec, the close icon) turns it
 * off; Escape or a click outside only dismisses.
 */
export function AutoBookingModal({
  open,
  onOpenChange,
  maxTripBudget,
  priceAlertThreshold,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  maxTripBudget: number;
  priceAlertThreshold: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const save = useSaveBudgetSettings();
  const status = useAutoBookingStatus({ enabled: open });

  const disable = () =>
    save.mutate({ autoBookingEnabled: false }, { onSuccess: () => onOpenChange(false) });

  const next = [
    { icon: Bell, text: t('finance.autoBooking.next.notify') },
    { icon: CreditCard, text: t('finance.autoBooking.next.book') },
    { icon: Mail, text: t('finance.autoBooking.next.email') },
    {
      icon: CalendarClock,
      text: t('finance.autoBooking.next.cancel'),
      detail: t('finance.autoBooking.cancelDetail'),
    },
  ];
  const close = () => onOpenChange(false);
  const threshold = t('finance.budget.thresholdValue', { percent: priceAlertThreshold });

  return (
    <Dialog
      open={open}
      onOpenChange={(value) => {
        if (!value) save.reset();
        onOpenChange(value);
      }}
      title={t('finance.autoBooking.title')}
      description={t('finance.autoBooking.subtitle')}
      closeLabel={t('finance.autoBooking.closeAndDisable')}
      onCloseClick={disable}
      header={
        <span className="flex size-10 items-center justify-center rounded-xl bg-linear-to-br from-sky-600 to-violet-600 text-white">
          <Zap aria-hidden="true" className="size-5" />
        </span>
      }
      className="sm:max-w-lg"
    >
      <div className="space-y-5">
        {save.isError ? <Banner tone="error">{errorMessage(save.error)}</Banner> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <section
            aria-labelledby="auto-booking-monitoring"
            className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-100"
          >
            <h3
              id="auto-booking-monitoring"
              className="flex items-center gap-2 text-sm font-semibold"
            >
              <Target aria-hidden="true" className="size-4" />
              {t('finance.autoBooking.monitoring')}
            </h3>
            <p className="mt-2 text-lg font-bold">{threshold}</p>
          </section>
          <section
            aria-labelledby="auto-booking-protection"
            className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-100"
          >
            <h3
              id="auto-booking-protection"
              className="flex items-center gap-2 text-sm font-semibold"
            >
              <ShieldCheck aria-hidden="true" className="size-4" />
              {t('finance.autoBooking.protection')}
            </h3>
            <p className="mt-2 text-lg font-bold">{format.money(maxTripBudget)}</p>
          </section>
        </div>
        <AutoBookingFacts status={status} onNavigate={close} />
        <section aria-labelledby="auto-booking-next">
          <h3 id="auto-booking-next" className="text-sm font-semibold">
            {t('finance.autoBooking.nextTitle')}
          </h3>
          <ul className="mt-3 space-y-2.5">
            {next.map(({ icon: Icon, text, detail }) => (
              <li key={text} className="flex items-start gap-3 text-sm text-ink">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-violet-500" />
                <span>
                  {text}
                  {detail ? <span className="block text-ink-muted">{detail}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="danger" loading={save.isPending} onClick={disable}>
            {t('finance.autoBooking.disable')}
          </Button>
          <Button
            variant="outline"
            // The X and 'Disable Auto-Booking' both turn it off: Enter must not do that.
            data-autofocus
            onClick={() => {
              onOpenChange(false);
              void navigate('/financial/budget');
            }}
          >
            {t('finance.autoBooking.viewSettings')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The card, the address and the watched trips, as the server has them now. */
function AutoBookingFacts({
  status,
  onNavigate,
}: {
  status: ReturnType<typeof useAutoBookingStatus>;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  if (status.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner />
        {t('finance.autoBooking.statusLoading')}
      </p>
    );
  }
  if (status.isError) {
    return <Banner tone="error">{t('finance.autoBooking.statusFailed')}</Banner>;
  }
  const { card, emailVerified, watches } = status.data;
  return (
    <>
      <ul aria-label={t('finance.autoBooking.needsTitle')} className="space-y-3">
        <CardRequirement card={card} onNavigate={onNavigate} />
        <EmailRequirement verified={emailVerified} />
      </ul>
      <WatchedTrips watches={watches} onNavigate={onNavigate} />
    </>
  );
}

/** The Auto-Book watches: title, price now and the price it books at. */
function WatchedTrips({ watches, onNavigate }: { watches: Watch[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const countryName = useCountryName();
  const shown = watches.slice(0, WATCHES_SHOWN);
  return (
    <section aria-labelledby="auto-booking-watching">
      <h3 id="auto-booking-watching" className="text-sm font-semibold">
        {t('finance.autoBooking.watchingTitle')}
      </h3>
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">
          {t('finance.autoBooking.watchingEmpty')}{' '}
          <FixLink to="/travel/suggestions" onClick={onNavigate}>
            {t('finance.autoBooking.browseTrips')}
          </FixLink>
        </p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
            {shown.map((watch) => {
              const target = format.money(watch.target.amount, watch.target.currency);
              return (
                <li key={watch.id} className="flex items-start justify-between gap-3 p-3 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium">
                      {t('finance.autoBooking.watchPlace', {
                        destination: placeName(watch.title.destination),
                        country: countryName(watch.title.countryCode, watch.title.country),
                      })}
                    </p>
                    <p className="text-ink-muted">
                      {watch.current
                        ? t('finance.autoBooking.watchPrice', {
                            price: format.money(watch.current.amount, watch.current.currency),
                            target,
                          })
                        : t('finance.autoBooking.watchNoPrice', { target })}
                    </p>
                  </div>
                  <span className="shrink-0 rounded-full bg-raised px-2 py-0.5 text-xs font-medium">
                    {t(`finance.autoBooking.watchStatus.${watch.status}`)}
                  </span>
                </li>
              );
            })}
          </ul>
          <FixLink to="/watches" onClick={onNavigate} className="mt-2 inline-block text-sm">
            {t('finance.autoBooking.allWatches')}
          </FixLink>
        </>
      )}
    </section>
  );
}
