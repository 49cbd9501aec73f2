import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
} from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner';
import { Checkbox } from '../../components/ui/checkbox';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { CardLabel } from './card-label';
import { recordSetupIntent, usePaymentConfig, usePaymentMethods } from './payments-api';
import { tokenizeSandboxCard, useSandboxCardForm } from './sandbox-card';
import { SandboxCardFields, SandboxTestCards } from './sandbox-card-form';
import type { ConfirmStripeCard } from './stripe-card-element';

const StripeCardElement = lazy(() => import('./stripe-card-element'));

/** Tokenises a new card if needed; the id the booking is paid with, or the message to show. */
export type PaymentResolver = () => Promise<{ paymentMethodId: string } | { error: string }>;

const NEW_CARD = 'new';

/**
 * How the booking is paid: one of the saved cards (radio options) or a new card — the
 * sandbox's form with its test cards, or Stripe's Payment Element — with "Save this card for
 * later". Reports a resolver once a choice is complete, null while it is not.
 */
export function PaymentChoice({
  onChange,
  disabled,
}: {
  onChange: (resolver: PaymentResolver | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  const methods = usePaymentMethods();
  const [choice, setChoice] = useState<string | null>(null);
  const name = useId();

  const saved = methods.data ?? [];
  // The first saved card is preselected; without one, the new-card form.
  const selected = choice ?? (methods.isSuccess ? (saved[0]?.id ?? NEW_CARD) : null);
  const report = useEffectEvent(onChange);
  useEffect(() => {
    if (selected && selected !== NEW_CARD) report(async () => ({ paymentMethodId: selected }));
  }, [selected]);

  if (config.isPending || methods.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-ink-muted" role="status">
        <Spinner />
        {t('payments.choice.loading')}
      </p>
    );
  if (config.isError || methods.isError)
    return <Banner tone="error">{errorMessage(config.error ?? methods.error)}</Banner>;

  const select = (id: string) => {
    if (id === NEW_CARD) onChange(null);
    setChoice(id);
  };
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">{t('payments.choice.legend')}</legend>
      {saved.map((method) => (
        <Option
          key={method.id}
          name={name}
          checked={selected === method.id}
          onSelect={() => select(method.id)}
        >
          <CardLabel method={method} />
        </Option>
      ))}
      <Option name={name} checked={selected === NEW_CARD} onSelect={() => select(NEW_CARD)}>
        <span className="font-medium">{t('payments.choice.newCard')}</span>
      </Option>
      {selected === NEW_CARD ? (
        <div className="rounded-xl border border-line p-4">
          {config.data.provider === 'stripe' && config.data.publishableKey ? (
            <StripeNewCard publishableKey={config.data.publishableKey} onChange={onChange} />
          ) : (
            <SandboxNewCard onChange={onChange} disabled={disabled} />
          )}
        </div>
      ) : null}
    </fieldset>
  );
}

function Option({
  name,
  checked,
  onSelect,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl border p-3',
        checked ? 'border-violet-600 bg-raised' : 'border-line',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="size-4 accent-violet-600"
      />
      {children}
    </label>
  );
}

/** The sandbox's card form: the resolver tokenises it (once per set of values). */
function SandboxNewCard({
  onChange,
  disabled,
}: {
  onChange: (resolver: PaymentResolver | null) => void;
  disabled?: boolean | undefined;
}) {
  const form = useSandboxCardForm(false);
  const values = useWatch({ control: form.control });
  const filled = Boolean(values.number && values.expiry && values.cvc && values.name?.trim());
  const last = useRef<{ key: string; paymentMethodId: string } | null>(null);
  const report = useEffectEvent(onChange);

  useEffect(() => {
    if (!filled) {
      report(null);
      return;
    }
    report(async () => {
      // A retry with the same card (a changed price, a declined booking) reuses its token.
      const key = JSON.stringify(form.getValues());
      if (last.current?.key === key) return { paymentMethodId: last.current.paymentMethodId };
      const result = await tokenizeSandboxCard(form);
      if ('paymentMethodId' in result)
        last.current = { key, paymentMethodId: result.paymentMethodId };
      return result;
    });
  }, [filled, form]);

  return (
    <div className="space-y-4">
      <SandboxCardFields form={form} showSave disabled={disabled} />
      <SandboxTestCards />
    </div>
  );
}

/** Stripe's Payment Element: the resolver confirms the SetupIntent and records the card. */
function StripeNewCard({
  publishableKey,
  onChange,
}: {
  publishableKey: string;
  onChange: (resolver: PaymentResolver | null) => void;
}) {
  const { t } = useTranslation();
  const [save, setSave] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmStripeCard | null>(null);
  const recorded = useRef<string | null>(null);
  const report = useEffectEvent(onChange);
  const onReady = useCallback((next: ConfirmStripeCard | null) => setConfirm(() => next), []);

  useEffect(() => {
    if (!confirm) {
      report(null);
      return;
    }
    report(async () => {
      if (recorded.current) return { paymentMethodId: recorded.current };
      const confirmed = await confirm();
      if ('error' in confirmed) return confirmed;
      try {
        const card = await recordSetupIntent(confirmed.setupIntentId, save);
        recorded.current = card.paymentMethodId;
        return { paymentMethodId: card.paymentMethodId };
      } catch (error) {
        return { error: errorMessage(error) };
      }
    });
  }, [confirm, save]);

  return (
    <div className="space-y-4">
      <Suspense
        fallback={
          <p className="flex items-center gap-2 text-sm text-ink-muted" role="status">
            <Spinner />
            {t('payments.stripe.loading')}
          </p>
        }
      >
        <StripeCardElement publishableKey={publishableKey} onReady={onReady} />
      </Suspense>
      <Checkbox
        label={t('payments.form.save')}
        checked={save}
        onChange={(event) => setSave(event.target.checked)}
      />
    </div>
  );
}
