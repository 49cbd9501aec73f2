import { useTranslation } from 'react-i18next';
import { sandboxTestCards } from '@vowa/shared/payments/payment-schemas';
import { Checkbox } from '../../components/ui/checkbox';
import { TextInput } from '../../components/ui/text-input';
import { translateValidation } from '../../lib/i18n';
import type { SandboxCardForm } from './sandbox-card';

/** Card number, expiry, CVC and name on card, with "Save this card for later" when asked. */
export function SandboxCardFields({
  form,
  showSave,
  disabled,
}: {
  form: SandboxCardForm;
  showSave: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  // Server texts arrive translated; schema codes are translated here.
  const text = (message: string | undefined) => translateValidation(message);
  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <TextInput
        label={t('payments.form.number')}
        required
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        error={text(errors.number?.message)}
        {...form.register('number')}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextInput
          label={t('payments.form.expiry')}
          required
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('payments.form.expiryPlaceholder')}
          maxLength={7}
          error={text(errors.expiry?.message)}
          {...form.register('expiry')}
        />
        <TextInput
          label={t('payments.form.cvc')}
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          error={text(errors.cvc?.message)}
          {...form.register('cvc')}
        />
      </div>
      <TextInput
        label={t('payments.form.name')}
        required
        autoComplete="cc-name"
        error={text(errors.name?.message)}
        {...form.register('name')}
      />
      {showSave ? <Checkbox label={t('payments.form.save')} {...form.register('save')} /> : null}
    </fieldset>
  );
}

/** The sandbox's test numbers, as Stripe's test mode lists them. */
export function SandboxTestCards() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="sandbox-test-cards"
      className="rounded-xl border border-dashed border-line bg-raised p-4 text-sm"
    >
      <h3 id="sandbox-test-cards" className="font-semibold">
        {t('payments.testCards.title')}
      </h3>
      <p className="mt-1 text-ink-muted">{t('payments.testCards.text')}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {sandboxTestCards.map((card) => (
          <div key={card.number} className="contents">
            <dt className="font-mono">{card.number}</dt>
            <dd>{t(`payments.testCards.${card.outcome}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-ink-muted">{t('payments.testCards.other')}</p>
    </section>
  );
}
