import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import type { PaymentMethod } from '@vowa/shared/payments/payment-schemas';
import { expiryText, useBrandName } from './card-brand-name';

/** "Visa •••• 4242" with "Expires 12/29" beneath; screen readers hear "Visa ending in 4242". */
export function CardLabel({
  method,
}: {
  method: Pick<PaymentMethod, 'brand' | 'last4' | 'expMonth' | 'expYear'>;
}) {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const name = brandName(method.brand);
  return (
    <span className="flex items-center gap-3">
      <CreditCard aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
      <span className="flex flex-col">
        <span className="font-medium">
          <span aria-hidden="true">
            {name} •••• {method.last4}
          </span>
          <span className="sr-only">
            {t('payments.card.label', { brand: name, last4: method.last4 })}
          </span>
        </span>
        <span className="text-sm text-ink-muted">
          {t('payments.card.expires', { date: expiryText(method.expMonth, method.expYear) })}
        </span>
      </span>
    </span>
  );
}
