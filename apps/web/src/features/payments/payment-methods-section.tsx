import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { PaymentMethod } from '@vowa/shared/payments/payment-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { AddCardDialog } from './add-card-dialog';
import { useBrandName } from './card-brand-name';
import { CardLabel } from './card-label';
import { usePaymentMethods, useRemovePaymentMethod } from './payments-api';

/** Settings' "Payment methods": saved cards as brand •••• last4 with expiry, add and remove. */
export function PaymentMethodsSection() {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  const remove = useRemovePaymentMethod();
  const brandName = useBrandName();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const cardName = (method: PaymentMethod) =>
    t('payments.card.label', { brand: brandName(method.brand), last4: method.last4 });

  return (
    <Card className="space-y-4 p-6" aria-labelledby="payment-methods-title" role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="payment-methods-title" className="text-lg font-semibold tracking-tight">
            {t('payments.section.title')}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{t('payments.section.description')}</p>
        </div>
        <Button variant="outline" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('payments.section.add')}
        </Button>
      </div>
      {methods.isPending ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted" role="status">
          <Spinner />
          {t('payments.section.loading')}
        </p>
      ) : methods.isError ? (
        <Banner tone="error">{errorMessage(methods.error)}</Banner>
      ) : methods.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('payments.section.empty')}</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {methods.data.map((method) => (
            <li key={method.id} className="flex items-center justify-between gap-3 p-3">
              <CardLabel method={method} />
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('payments.section.removeLabel', { card: cardName(method) })}
                onClick={() => {
                  remove.reset();
                  setRemoving(method);
                }}
              >
                {t('payments.section.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddCardDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('payments.section.removeTitle')}
        description={removing ? t('payments.section.removeText', { card: cardName(removing) }) : ''}
        confirmLabel={t('payments.section.removeConfirm')}
        cancelLabel={t('payments.section.cancel')}
        busy={remove.isPending}
        error={remove.error ? <Banner tone="error">{errorMessage(remove.error)}</Banner> : null}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
        }}
      />
    </Card>
  );
}
