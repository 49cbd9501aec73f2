import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ALERT_THRESHOLD_MAX,
  ALERT_THRESHOLD_MIN,
  BUDGET_MAX,
  BUDGET_MIN,
  BUDGET_SLIDER_MAX,
  BUDGET_STEP,
} from '@vowa/shared/finance/finance-constants';
import { budgetRecommendations } from '@vowa/shared/finance/finance-rules';
import { budgetSettingsSchema, type BudgetSettings } from '@vowa/shared/finance/finance-schemas';
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
import { AutoBookingModal } from './auto-booking-modal';
import { BudgetRatio } from './budget-recommendations';
import { useSaveBudgetSettings } from './finance-api';
import { useFormat } from '../../lib/use-format';
import { toBudget } from './format';
import { useBudgetSettings, useFinancials } from '../../lib/use-financial-status';

/** How long 'Settings saved successfully!' stays. */
export const SAVED_MESSAGE_MS = 3000;

type FieldErrors = Partial<Record<keyof BudgetSettings, string>>;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The shared schema's verdict on a typed budget, in the person's language; undefined when fine. */
function budgetProblem(budget: number): string | undefined {
  const parsed = budgetSettingsSchema.shape.maxTripBudget.safeParse(budget);
  return parsed.success ? undefined : translateValidation(parsed.error.issues[0]?.message);
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

  const budget = budgetText.trim() === '' ? Number.NaN : Number(budgetText);
  const sliderValue = clamp(
    Number.isFinite(budget) ? budget : BUDGET_MIN,
    BUDGET_MIN,
    BUDGET_SLIDER_MAX,
  );
  const changed =
    budget !== saved.maxTripBudget ||
    threshold !== saved.priceAlertThreshold ||
    autoBooking !== saved.autoBookingEnabled;
  const income = financials.data?.connected ? financials.data.monthlyIncome : 0;

  const setBudget = (value: number) => {
    setBudgetText(String(value));
    setErrors((current) => ({ ...current, maxTripBudget: undefined }));
  };

  const submit = () => {
    const values = {
      maxTripBudget: budget,
      priceAlertThreshold: threshold,
      autoBookingEnabled: autoBooking,
    };
    const parsed = budgetSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof BudgetSettings;
        found[field] ??= translateValidation(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSavedMessage(false);
    save.mutate(parsed.data, {
      onSuccess: (result) => {
        setSavedMessage(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setSavedMessage(false), SAVED_MESSAGE_MS);
        if (result.autoBookingEnabled) setModalOpen(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors?.length) {
          const found: FieldErrors = {};
          for (const fieldError of error.errors) {
            const key = (
              ['maxTripBudget', 'priceAlertThreshold', 'autoBookingEnabled'] as const
            ).find((name) => fieldError.field.endsWith(name));
            if (key) found[key] ??= fieldErrorText(fieldError);
          }
          setErrors(found);
        }
      },
    });
  };

  const generalError =
    save.isError && !(save.error instanceof ApiError && save.error.errors?.length)
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
            min={BUDGET_MIN}
            max={BUDGET_MAX}
            step={BUDGET_STEP}
            value={budgetText}
            hint={t('finance.budget.budgetHint', {
              min: format.money(BUDGET_MIN),
              max: format.money(BUDGET_MAX),
              step: format.money(BUDGET_STEP),
            })}
            error={errors.maxTripBudget}
            onChange={(event) => {
              setBudgetText(event.target.value);
              setErrors((current) => ({ ...current, maxTripBudget: undefined }));
            }}
            // Said when the person leaves the field, not only after Save further down.
            onBlur={() => {
              const message = budgetProblem(budget);
              if (message) setErrors((current) => ({ ...current, maxTripBudget: message }));
            }}
          />
          <Slider
            label={t('finance.budget.budgetSlider')}
            hideLabel
            value={sliderValue}
            min={BUDGET_MIN}
            max={BUDGET_SLIDER_MAX}
            step={BUDGET_STEP}
            valueText={format.money(sliderValue)}
            onValueChange={setBudget}
          />
          <div aria-hidden="true" className="flex justify-between text-xs text-ink-muted">
            <span>{format.money(BUDGET_MIN)}</span>
            <span>{format.money(BUDGET_SLIDER_MAX)}+</span>
          </div>
          {income > 0 ? (
            <div className="space-y-3">
              <h3 className="text-sm font-semibold">{t('finance.recommendations.quickPicks')}</h3>
              <div className="flex flex-wrap gap-2">
                {budgetRecommendations(income).map((recommendation) => {
                  const value = toBudget(recommendation.amount);
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
                        amount: format.money(value),
                      })}
                    </Button>
                  );
                })}
              </div>
              {/* Only a budget the screen would save is judged against the income. */}
              {budgetProblem(budget) === undefined ? (
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
            onCheckedChange={setAutoBooking}
          />
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
