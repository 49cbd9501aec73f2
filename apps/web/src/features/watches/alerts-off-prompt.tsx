import { useTranslation } from 'react-i18next';
import { BellOff } from 'lucide-react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { useTurnOnPriceDropAlerts } from './watches-api';

/**
 * An alert watch tells nobody while price-drop alerts are off (Settings → Notifications): say
 * so, with a button that turns them on there and then.
 */
export function AlertsOffPrompt({ className }: { className?: string }) {
  const { t } = useTranslation();
  const turnOn = useTurnOnPriceDropAlerts();
  if (turnOn.isSuccess) {
    return (
      <Banner tone="success" className={className}>
        {t('watches.alerts.turnedOn')}
      </Banner>
    );
  }
  return (
    <div
      data-testid="alerts-off"
      className={
        'flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100 ' +
        (className ?? '')
      }
    >
      <p className="flex flex-1 items-start gap-2">
        <BellOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('watches.alerts.off')}
      </p>
      <Button
        size="sm"
        variant="outline"
        loading={turnOn.isPending}
        onClick={() => turnOn.mutate()}
      >
        {t('watches.alerts.turnOn')}
      </Button>
      {turnOn.isError ? (
        <p role="alert" className="text-red-800 dark:text-red-200">
          {errorMessage(turnOn.error)}
        </p>
      ) : null}
    </div>
  );
}
