import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { budgetRatioColor } from '@vowa/shared/finance/finance-rules';
import { budgetPicks, type BudgetLimits } from '@vowa/shared/finance/money';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';

/**
 * Part 2 §9: 10, 15 and 20 % of monthly income, each with 'Use this budget'. Each shows the
 * budget it sets (rounded down to a step of the person's currency), the same amounts as the
 * budget screen's quick picks (`budgetPicks`).
 */
export function BudgetRecommendations({
  monthlyIncome,
  limits,
  currentBudget,
  onUse,
  busyAmount,
}: {
  monthlyIncome: number;
  /** The budget rules in the person's currency (from the budget settings). */
  limits: BudgetLimits;
  currentBudget: number | undefined;
  onUse: (budget: number) => void;
  /** The budget being saved, to show 'Loading...' on its button. */
  busyAmount?: number | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {t('finance.recommendations.title')}
        </h2>
        <p className="text-sm text-ink-muted">{t('finance.recommendations.subtitle')}</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {budgetPicks(monthlyIncome, limits).map((recommendation) => {
          const budget = recommendation.budget;
          const isCurrent = currentBudget === budget;
          const titleId = `${headingId}-${recommendation.key}`;
          return (
            <li key={recommendation.key}>
              <Card
                role="article"
                aria-labelledby={titleId}
                className={cn(
                  'flex h-full flex-col gap-3 p-5',
                  isCurrent ? 'ring-2 ring-violet-500' : null,
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                    {t('finance.recommendations.percent', { percent: recommendation.percent })}
                  </span>
                  {isCurrent ? (
                    <Badge tone="success">{t('finance.recommendations.current')}</Badge>
                  ) : null}
                </div>
                <p className="text-3xl font-bold tracking-tight">
                  {format.money(budget, limits.currency)}
                </p>
                {budget !== recommendation.amount ? (
                  <p className="-mt-2 text-xs text-ink-muted">
                    {t('finance.recommendations.roundedFrom', {
                      amount: format.money(recommendation.amount, limits.currency),
                    })}
                  </p>
                ) : null}
                <h3 id={titleId} className="flex-1 text-sm font-medium text-ink">
                  {recommendation.label}
                </h3>
                <Button
                  variant={isCurrent ? 'outline' : 'primary'}
                  loading={busyAmount === budget}
                  disabled={busyAmount != null}
                  onClick={() => onUse(budget)}
                >
                  {t('finance.recommendations.use')}
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const ratioTones = {
  green:
    'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-200',
  yellow:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200',
  red: 'border-red-300 bg-red-50 text-red-800 dark:border-red-400/30 dark:bg-red-500/10 dark:text-red-200',
} as const;
const ratioDots = { green: 'bg-emerald-500', yellow: 'bg-amber-500', red: 'bg-red-500' } as const;

/** The budget as a share of monthly income, coloured and also said in words. */
export function BudgetRatio({ budget, monthlyIncome }: { budget: number; monthlyIncome: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const color = budgetRatioColor(budget, monthlyIncome);
  const percent = monthlyIncome > 0 ? Math.round((budget / monthlyIncome) * 1000) / 10 : 0;
  return (
    <div
      data-testid="budget-ratio"
      data-color={color}
      className={cn('rounded-xl border p-4', ratioTones[color])}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t('finance.ratio.title')}</h3>
        <span className="inline-flex items-center gap-1.5 text-sm font-semibold">
          <span aria-hidden="true" className={cn('size-2.5 rounded-full', ratioDots[color])} />
          {t(`finance.ratio.${color}`)}
        </span>
      </div>
      <p className="mt-1 text-sm">
        {t('finance.ratio.text', {
          budget: format.money(budget),
          percent: format.number(percent),
        })}
      </p>
    </div>
  );
}
