import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Zap } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useBudgetSettings, useFinancialStatus } from '../../lib/use-financial-status';

// The modal (and the finance API behind it) loads only when someone opens it.
const AutoBookingModal = lazy(async () => ({
  default: (await import('./auto-booking-modal')).AutoBookingModal,
}));

/** Below the header while auto-booking is on (signed-in users only), with its details. */
export function AutoBookingBanner() {
  const { t } = useTranslation();
  const status = useFinancialStatus();
  const settings = useBudgetSettings();
  const [open, setOpen] = useState(false);
  if (!status.autoBookingEnabled && !open) return null;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      {status.autoBookingEnabled ? (
        <section
          aria-label={t('finance.autoBooking.title')}
          className="flex flex-wrap items-center gap-3 rounded-xl border border-violet-300 bg-violet-50 px-4 py-3 text-sm text-violet-900 dark:border-violet-400/30 dark:bg-violet-500/10 dark:text-violet-100"
        >
          <Zap aria-hidden="true" className="size-4 shrink-0" />
          <p className="min-w-0 flex-1">{t('finance.autoBooking.banner')}</p>
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            {t('finance.autoBooking.details')}
          </Button>
        </section>
      ) : null}
      {open && settings.data ? (
        <Suspense fallback={null}>
          <AutoBookingModal
            open
            onOpenChange={setOpen}
            maxTripBudget={settings.data.maxTripBudget}
            priceAlertThreshold={settings.data.priceAlertThreshold}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
