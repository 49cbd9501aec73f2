import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Building2,
  CreditCard,
  Landmark,
  Lock,
  PiggyBank,
  RefreshCw,
  ShieldCheck,
  TrendingDown,
  TrendingUp,
  Unlink,
  Wallet,
  EyeOff,
} from 'lucide-react';
import type { BudgetSettings, Financials } from '@vowa/shared/finance/finance-schemas';
import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { BudgetRatio, BudgetRecommendations } from './budget-recommendations';
import { useFormat } from '../../lib/use-format';
import { useDisconnectFinancials, useSaveBudgetSettings, useSyncBank } from './finance-api';

function Figure({
  icon: Icon,
  label,
  value,
}: {
  icon: typeof Wallet;
  label: string;
  value: string;
}) {
  return (
    <Card className="p-5">
      <dt className="flex items-center gap-2 text-sm font-medium text-ink-muted">
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </dt>
      <dd className="mt-2 text-2xl font-bold tracking-tight text-ink">{value}</dd>
    </Card>
  );
}

export function SecurityBadges() {
  const { t } = useTranslation();
  const badges = [
    { icon: Lock, text: t('finance.security.encryption') },
    { icon: EyeOff, text: t('finance.security.readOnly') },
    { icon: ShieldCheck, text: t('finance.security.neverShared') },
  ];
  return (
    <ul
      aria-label={t('finance.security.label')}
      className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-ink-muted"
    >
      {badges.map(({ icon: Icon, text }) => (
        <li key={text} className="inline-flex items-center gap-1.5">
          <Icon aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** The connected view: overview, recommendations, ratio, security, Sync and Disconnect. */
export function ConnectedOverview({
  financials,
  settings,
  notice,
  onDisconnected,
}: {
  financials: Financials;
  settings: BudgetSettings | undefined;
  notice: string | null;
  onDisconnected: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.money(amount, financials.currency);
  const sync = useSyncBank();
  const disconnect = useDisconnectFinancials();
  const saveBudget = useSaveBudgetSettings();
  const [confirming, setConfirming] = useState(false);
  const [savedBudget, setSavedBudget] = useState<number | null>(null);
  const isBank = financials.source === 'bank';

  const source = isBank
    ? financials.institutionName
      ? t('finance.overview.fromBank', { name: financials.institutionName })
      : t('finance.overview.fromBankUnnamed')
    : t('finance.overview.manual');

  return (
    <div className="space-y-8">
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      <section aria-labelledby="finance-overview" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="finance-overview" className="text-xl font-semibold tracking-tight">
              {t('finance.overview.title')}
            </h2>
            <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-ink-muted">
              {isBank ? (
                <Building2 aria-hidden="true" className="size-4" />
              ) : (
                <PiggyBank aria-hidden="true" className="size-4" />
              )}
              <span>{source}</span>
              {financials.updatedAt ? (
                <span>
                  · {t('finance.overview.updated', { date: format.dateTime(financials.updatedAt) })}
                </span>
              ) : null}
            </p>
            {financials.exchangeRate ? (
              <p className="mt-1 text-xs text-ink-muted" data-testid="finance-conversion">
                {t('finance.overview.converted', {
                  from: financials.exchangeRate.from,
                  rate: format.number(financials.exchangeRate.rate, { maximumFractionDigits: 4 }),
                  source: financials.exchangeRate.source,
                  date: format.calendarDate(financials.exchangeRate.asOf),
                })}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {isBank ? (
              <Button variant="outline" loading={sync.isPending} onClick={() => sync.mutate()}>
                <RefreshCw aria-hidden="true" className="size-4" />
                {t('finance.overview.sync')}
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setConfirming(true)}>
              <Unlink aria-hidden="true" className="size-4" />
              {t('finance.overview.disconnect')}
            </Button>
          </div>
        </div>
        {sync.isError ? <Banner tone="error">{errorMessage(sync.error)}</Banner> : null}
        {sync.isSuccess ? (
          <Banner tone="success">{t('finance.overview.synced', { count: sync.data.added })}</Banner>
        ) : null}
        <dl
          className={cn(
            'grid gap-4 sm:grid-cols-2',
            financials.creditScore > 0 ? 'lg:grid-cols-4' : 'sm:grid-cols-3',
          )}
        >
          <Figure
            icon={TrendingUp}
            label={t('finance.money.income')}
            value={money(financials.monthlyIncome)}
          />
          <Figure
            icon={TrendingDown}
            label={t('finance.money.expenses')}
            value={money(financials.monthlyExpenses)}
          />
          <Figure
            icon={Wallet}
            label={t('finance.money.balance')}
            value={money(financials.availableBalance)}
          />
          {financials.creditScore > 0 ? (
            <Figure
              icon={CreditCard}
              label={t('finance.money.creditScore')}
              value={format.number(financials.creditScore)}
            />
          ) : null}
        </dl>
      </section>

      {settings ? (
        <BudgetRecommendations
          monthlyIncome={financials.monthlyIncome}
          limits={settings.limits}
          currentBudget={settings.maxTripBudget}
          busyAmount={saveBudget.isPending ? (saveBudget.variables.maxTripBudget ?? null) : null}
          onUse={(budget) => {
            setSavedBudget(null);
            saveBudget.mutate(
              { maxTripBudget: budget, currency: settings.limits.currency as DisplayCurrency },
              { onSuccess: (saved) => setSavedBudget(saved.maxTripBudget) },
            );
          }}
        />
      ) : null}
      {saveBudget.isError ? <Banner tone="error">{errorMessage(saveBudget.error)}</Banner> : null}
      {savedBudget !== null && !saveBudget.isPending ? (
        <Banner tone="success">
          {t('finance.recommendations.saved', { amount: money(savedBudget) })}
        </Banner>
      ) : null}

      {settings ? (
        <div className="space-y-3">
          <BudgetRatio budget={settings.maxTripBudget} monthlyIncome={financials.monthlyIncome} />
          <Link
            to="/financial/budget"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-sky-700 underline-offset-4 hover:underline dark:text-sky-300"
          >
            <Landmark aria-hidden="true" className="size-4" />
            {t('finance.overview.budgetSettings')}
          </Link>
        </div>
      ) : null}

      <SecurityBadges />

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) disconnect.reset();
        }}
        title={t('finance.overview.confirmTitle')}
        description={
          isBank
            ? t('finance.overview.confirmBank', {
                name: financials.institutionName ?? t('finance.overview.yourBank'),
              })
            : t('finance.overview.confirmManual')
        }
        confirmLabel={t('finance.overview.confirm')}
        cancelLabel={t('finance.cancel')}
        busy={disconnect.isPending}
        error={
          disconnect.isError ? (
            <Banner tone="error">{errorMessage(disconnect.error)}</Banner>
          ) : undefined
        }
        onConfirm={() =>
          disconnect.mutate(financials.source, {
            onSuccess: () => {
              setConfirming(false);
              onDisconnected();
            },
          })
        }
      />
    </div>
  );
}
