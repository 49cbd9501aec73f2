import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALERT_THRESHOLD_MAX, ALERT_THRESHOLD_MIN } from '@vowa/shared/finance/finance-constants';
import {
  budgetSettingsUpdateSchema,
  type BudgetSettings,
  type BudgetSettingsUpdate,
} from '@vowa/shared/finance/finance-schemas';
import { budgetPicks, budgetProblem, type BudgetLimits } from '@vowa/shared/finance/money';
import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import type { TFunction } from 'i18next';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Slider } from '../../components/ui/slider';
import { Switch } from '../../components/ui/switch';
import { TextInput } from '../../components/ui/text-input';
import { ApiError, errorMessage } from '../../lib/api-client';
import { fieldErrorText } from '../../lib/error-text';
import { translateValidation } from '../../lib/i18n';
import { refusalOf, type AutoBookingRefusal } from './auto-booking-api';
import { AutoBookingModal } from './auto-booking-modal';
import { AutoBookingNeeds } from './auto-booking-requirements';
import { BudgetRatio } from './budget-recommendations';
import { useSaveBudgetSettings } from './finance-api';
import type { Formatter } from '../../lib/format';
import { useFormat } from '../../lib/use-format';
import { enteredAsText } from '../../lib/use-money';
import { useBudgetSettings, useFinancials } from '../../lib/use-financial-status';

/** How long 'Settings saved successfully!' stays. */
export const SAVED_MESSAGE_MS = 3000;

type Field = 'maxTripBudget' | 'priceAlertThreshold' | 'autoBookingEnabled';
type FieldErrors = Partial<Record<Field, string>>;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The budget rule a code names, in the person's language and in the limits' currency. */
function budgetRuleText(
  code: 'budgetInvalid' | 'budgetStep',
  limits: BudgetLimits,
  format: Formatter,
  t: TFunction,
): string {
  const money = (amount: number) => format.money(amount, limits.currency);
  return code === 'budgetInvalid'
    ? t('validation.budgetInvalid', { min: money(limits.min), max: money(limits.max) })
    : t('validation.budgetStep', { step: money(limits.step) });
}

export function BudgetSettingsPage() {
  const { t } = useTranslation();
  const settings = useBudgetSettings();

  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('finance.budget.title')}</h1>
        <p className="text-ink-muted">{t('finance.budget.subtitle')}</p>
      </header>
      {settings.isPending ? (
        <PageSkeleton label={t('finance.budget.loading')} />
      ) : settings.isError ? (
        <Banner tone="error">{errorMessage(settings.error)}</Banner>
      ) : (
        <BudgetSettingsForm saved={settings.data} />
      )}
    </div>
  );
}

function BudgetSettingsForm({ saved }: { saved: BudgetSettings }) {
  const { t } = useTranslation();
  const format = useFormat();
  const financials = useFinancials();
  const save = useSaveBudgetSettings();
  const [budgetText, setBudgetText] = useState(String(saved.maxTripBudget));
  const [threshold, setThreshold] = useState(saved.priceAlertThreshold);
  const [autoBooking, setAutoBooking] = useState(saved.autoBookingEnabled);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [savedMessage, setSavedMessage] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  // The server refuses auto-booking without a saved card or a verified address (issue 16 §4).
  const [refused, setRefused] = useState<AutoBookingRefusal>(null);
  // When the saved settings change elsewhere (the modal's Disable), the form follows them.
  const [baseline, setBaseline] = useState(saved);
  if (baseline !== saved) {
    setBaseline(saved);
    setBudgetText(String(saved.maxTripBudget));
    setThreshold(saved.priceAlertThreshold);
    setAutoBooking(saved.autoBookingEnabled);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The limits in the person's currency (the server states them, and enforces the same).
  const limits = saved.limits;
  const budget = budgetText.trim() === '' ? Number.NaN : Number(budgetText);
  const budgetChanged = budget !== saved.maxTripBudget;
  // A saved budget shown converted from another currency is kept as it is until it is changed.
  const problemCode = budgetChanged ? budgetProblem(budget, limits) : null;
  const problem = problemCode ? budgetRuleText(problemCode, limits, format, t) : undefined;
  const sliderValue = clamp(
    Number.isFinite(budget) ? budget : limits.min,
    limits.min,
    limits.sliderMax,
  );
  const money = (amount: number) => format.money(amount, limits.currency);
  const limitsHint = t('finance.budget.budgetHint', {
    min: money(limits.min),
    max: money(limits.max),
    step: money(limits.step),
  });
  // A budget entered in another currency says so, with the rate it is shown at.
  const budgetHint =
    saved.exchangeRate && saved.entered && !budgetChanged
      ? `${enteredAsText(t, format, saved.entered, saved.exchangeRate.rate, saved.currency)} · ${limitsHint}`
      : limitsHint;
  const changed =
    budgetChanged ||
    threshold !== saved.priceAlertThreshold ||
    autoBooking !== saved.autoBookingEnabled;
  const income = financials.data?.connected ? financials.data.monthlyIncome : 0;

  const setBudget = (value: number) => {
    setBudgetText(String(value));
    setErrors((current) => ({ ...current, maxTripBudget: undefined }));
  };

  const submit = () => {
    const values: BudgetSettingsUpdate = {
      ...(budgetChanged
        ? { maxTripBudget: budget, currency: limits.currency as DisplayCurrency }
        : {}),
      priceAlertThreshold: threshold,
      autoBookingEnabled: autoBooking,
    };
    const parsed = budgetSettingsUpdateSchema.safeParse(values);
    if (problem || !parsed.success) {
      const found: FieldErrors = { maxTripBudget: problem };
      for (const issue of parsed.error?.issues ?? []) {
        const field = issue.path[0] as Field;
        found[field] ??= translateValidation(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSavedMessage(false);
    setRefused(null);
    save.mutate(parsed.data, {
      onSuccess: (result) => {
        setSavedMessage(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setSavedMessage(false), SAVED_MESSAGE_MS);
        if (result.autoBookingEnabled) setModalOpen(true);
      },
      onError: (error) => {
        setRefused(error instanceof ApiError ? refusalOf(error.code) : null);
        if (error instanceof ApiError && error.errors?.length) {
          const found: FieldErrors = {};
          for (const fieldError of error.errors) {
            const key = (
              ['maxTripBudget', 'priceAlertThreshold', 'autoBookingEnabled'] as const
            ).find((name) => fieldError.field.endsWith(name));
            if (!key) continue;
            // The budget rules are said with the limits in the person's currency.
            found[key] ??=
              fieldError.code === 'budgetInvalid' || fieldError.code === 'budgetStep'
                ? budgetRuleText(fieldError.code, limits, format, t)
                : fieldErrorText(fieldError);
          }
          setErrors(found);
        }
      },
    });
  };

  const generalError =
    save.isError && !(save.error instanceof ApiError && save.error.errors?.length) && !refused
      ? errorMessage(save.error)
      : null;

  return (
    <>
      <form
        noValidate
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Card className="space-y-5 p-6">
          <h2 className="text-lg font-semibold">{t('finance.budget.budgetSection')}</h2>
          <TextInput
            label={t('finance.budget.maxTripBudget')}
            type="number"
            inputMode="numeric"
            min={limits.min}
            max={limits.max}
            step={limits.step}
            value={budgetText}
            hint={budgetHint}
            error={errors.maxTripBudget}
            onChange={(event) => {
              setBudgetText(event.target.value);
              setErrors((current) => ({ ...current, maxTripBudget: undefined }));
            }}
            // Said when the person leaves the field, not only after Save further down.
            onBlur={() => {
              if (problem) setErrors((current) => ({ ...current, maxTripBudget: problem }));
            }}
          />
          <Slider
            label={t('finance.budget.budgetSlider')}
            hideLabel
            value={sliderValue}
            min={limits.min}
            max={limits.sliderMax}
            step={limits.step}
            valueText={money(sliderValue)}
            onValueChange={setBudget}
          />
          <div aria-hidden="true" className="flex justify-between text-xs text-ink-muted">
            <span>{money(limits.min)}</span>
            <span>{money(limits.sliderMax)}+</span>
          </div>
          {income > 0 ? (
            <div className="space-y-3">
              <h3 className="text-sm font-semibold">{t('finance.recommendations.quickPicks')}</h3>
              <div className="flex flex-wrap gap-2">
                {budgetPicks(income, limits).map((recommendation) => {
                  const value = recommendation.budget;
                  return (
                    <Button
                      key={recommendation.key}
                      size="sm"
                      variant={budget === value ? 'secondary' : 'outline'}
                      aria-pressed={budget === value}
                      title={recommendation.label}
                      onClick={() => setBudget(value)}
                    >
                      {t('finance.recommendations.pick', {
                        name: t(`finance.recommendations.names.${recommendation.key}`),
                        amount: money(value),
                      })}
                    </Button>
                  );
                })}
              </div>
              {/* Only a budget the screen would save is judged against the income. */}
              {problemCode === null && Number.isFinite(budget) ? (
                <BudgetRatio budget={budget} monthlyIncome={income} />
              ) : null}
            </div>
          ) : financials.data && !financials.data.connected ? (
            <p className="text-sm text-ink-muted">
              {t('finance.budget.connectPrompt')}{' '}
              <Link
                to="/financial/connect"
                className="font-semibold text-sky-700 underline underline-offset-4 dark:text-sky-300"
              >
                {t('finance.budget.connectLink')}
              </Link>
            </p>
          ) : null}
        </Card>

        <Card className="space-y-4 p-6">
          <h2 className="text-lg font-semibold">{t('finance.budget.thresholdSection')}</h2>
          <Slider
            label={t('finance.budget.threshold')}
            value={threshold}
            min={ALERT_THRESHOLD_MIN}
            max={ALERT_THRESHOLD_MAX}
            step={1}
            valueText={t('finance.budget.thresholdValue', { percent: threshold })}
            onValueChange={(value) => {
              setThreshold(value);
              setErrors((current) => ({ ...current, priceAlertThreshold: undefined }));
            }}
          />
          <p className="text-sm text-ink-muted">{t('finance.budget.thresholdHint')}</p>
          {errors.priceAlertThreshold ? (
            <p className="text-sm font-medium text-red-700 dark:text-red-400">
              {errors.priceAlertThreshold}
            </p>
          ) : null}
        </Card>

        <Card className="p-6">
          <Switch
            label={t('finance.budget.autoBooking')}
            description={t('finance.budget.autoBookingText')}
            checked={autoBooking}
            onCheckedChange={(checked) => {
              setAutoBooking(checked);
              setRefused(null);
            }}
          />
          {autoBooking ? <AutoBookingNeeds refused={refused} /> : null}
          {errors.autoBookingEnabled ? (
            <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
              {errors.autoBookingEnabled}
            </p>
          ) : null}
        </Card>

        {generalError ? <Banner tone="error">{generalError}</Banner> : null}
        {savedMessage ? <Banner tone="success">{t('finance.budget.saved')}</Banner> : null}
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={!changed} loading={save.isPending}>
            {t('finance.budget.save')}
          </Button>
        </div>
      </form>
      <AutoBookingModal
        open={modalOpen}
        onOpenChange={setModalOpen}
        maxTripBudget={save.data?.maxTripBudget ?? saved.maxTripBudget}
        priceAlertThreshold={save.data?.priceAlertThreshold ?? saved.priceAlertThreshold}
      />
    </>
  );
}
