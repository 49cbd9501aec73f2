import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Bell, CalendarClock, CreditCard, Mail, ShieldCheck, Target, Zap } from 'lucide-react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api-client';
import { useSaveBudgetSettings } from './finance-api';
import { useFormat } from '../../lib/use-format';

/**
 * Part 2 §2: what auto-booking does. 'Disable Auto-Booking' (and, per the spec, the close
 * icon) turns it off; Escape or a click outside only dismisses.
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

  const disable = () =>
    save.mutate({ autoBookingEnabled: false }, { onSuccess: () => onOpenChange(false) });

  const next = [
    { icon: Bell, text: t('finance.autoBooking.next.notify') },
    { icon: CreditCard, text: t('finance.autoBooking.next.book') },
    { icon: Mail, text: t('finance.autoBooking.next.email') },
    { icon: CalendarClock, text: t('finance.autoBooking.next.cancel') },
  ];
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
        <section aria-labelledby="auto-booking-next">
          <h3 id="auto-booking-next" className="text-sm font-semibold">
            {t('finance.autoBooking.nextTitle')}
          </h3>
          <ul className="mt-3 space-y-2.5">
            {next.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-sm text-ink">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-violet-500" />
                {text}
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
