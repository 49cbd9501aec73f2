import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import {
  manualFinancialsSchema,
  type ManualFinancials,
} from '@vowa/shared/finance/finance-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import { translateValidation } from '../../lib/i18n';
import { useSaveManualFinancials } from './finance-api';
import { useFormat } from '../../lib/use-format';

/** Part 2 §5: income above 0, expenses and balance 0 or more; credit score optional. */
const isValidAmount = (value: unknown, min: number, strict: boolean) =>
  typeof value === 'number' && Number.isFinite(value) && (strict ? value > min : value >= min);

const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

export function ManualFinancialsForm({
  onBack,
  onSaved,
}: {
  onBack: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const save = useSaveManualFinancials();
  const form = useForm<ManualFinancials>({
    resolver: zodResolver(manualFinancialsSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const [income, expenses, balance] = useWatch({
    control: form.control,
    name: ['monthlyIncome', 'monthlyExpenses', 'availableBalance'],
  });
  const ready =
    isValidAmount(income, 0, true) &&
    isValidAmount(expenses, 0, false) &&
    isValidAmount(balance, 0, false);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onSaved();
    } catch {
      // Shown from the mutation's error below.
    }
  });

  const money = { type: 'number', inputMode: 'decimal', min: 0, step: 'any' } as const;

  return (
    <Card className="mx-auto w-full max-w-xl p-6 sm:p-8">
      <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('finance.manual.back')}
      </Button>
      <h2 className="mt-2 text-xl font-semibold tracking-tight">{t('finance.manual.title')}</h2>
      <p className="mt-1 text-sm text-ink-muted">
        {t('finance.manual.text', { currency: format.currencyName() })}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        {save.error ? <Banner tone="error">{errorMessage(save.error)}</Banner> : null}
        <TextInput
          label={t('finance.manual.income')}
          required
          {...money}
          error={translateValidation(errors.monthlyIncome?.message)}
          {...form.register('monthlyIncome', { valueAsNumber: true })}
        />
        <TextInput
          label={t('finance.manual.expenses')}
          required
          {...money}
          error={translateValidation(errors.monthlyExpenses?.message)}
          {...form.register('monthlyExpenses', { valueAsNumber: true })}
        />
        <TextInput
          label={t('finance.manual.balance')}
          required
          {...money}
          error={translateValidation(errors.availableBalance?.message)}
          {...form.register('availableBalance', { valueAsNumber: true })}
        />
        <TextInput
          label={t('finance.manual.creditScore')}
          type="number"
          inputMode="numeric"
          min={0}
          max={900}
          step={1}
          hint={t('finance.manual.creditScoreHint')}
          error={translateValidation(errors.creditScore?.message)}
          {...form.register('creditScore', { setValueAs: optionalNumber })}
        />
        <Button type="submit" size="lg" className="w-full" disabled={!ready} loading={isSubmitting}>
          {t('finance.manual.submit')}
        </Button>
      </form>
    </Card>
  );
}
