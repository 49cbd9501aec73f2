import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceHistoryResponse } from '@vowa/shared/watches/watch-schemas';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { useFormat } from '../../lib/use-format';
import { useTheme } from '../../lib/theme-context';
import { BuyOrWait } from './buy-or-wait';
import { chartPalettes } from './chart-colours';
import { dailyPrices, summarisePrices } from './price-summary';

// recharts loads with the first chart shown, never with a page (nor the entry chunk).
const PriceHistoryChart = lazy(() => import('./price-history-chart'));

/** Keeps a failed chunk load (offline after an update) from breaking its dialog or screen. */
class ChartBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** What a history read is doing, as TanStack Query tells it. */
export type PriceHistoryState = {
  data: PriceHistoryResponse | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * A price history: the chart of recorded prices against the market price and the target, a
 * legend, the same prices as a table on request, and the buy-or-wait advice. Loading, failure
 * and "nothing recorded yet" each say so.
 */
export function PriceHistory({
  history,
  adviceHeadingLevel = 3,
}: {
  history: PriceHistoryState;
  adviceHeadingLevel?: 3 | 4;
}) {
  const { t } = useTranslation();
  if (history.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted">
        <p>{t('watches.history.unavailable')}</p>
        <Button size="sm" variant="outline" onClick={() => void history.refetch()}>
          {t('watches.retry')}
        </Button>
      </div>
    );
  }
  if (!history.data) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{t('watches.history.loading')}</span>
        <Skeleton className="h-[220px] w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  return <HistoryBody history={history.data} adviceHeadingLevel={adviceHeadingLevel} />;
}

function HistoryBody({
  history,
  adviceHeadingLevel,
}: {
  history: PriceHistoryResponse;
  adviceHeadingLevel: 3 | 4;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { theme } = useTheme();
  const colours = chartPalettes[theme];
  const [table, setTable] = useState(false);
  const tableId = useId();
  const { currency } = history;
  const money = (amount: number) => format.money(amount, currency);
  const points = dailyPrices(history.points);
  const summary = summarisePrices(points);
  if (!summary) {
    return <p className="text-sm text-ink-muted">{t('watches.history.empty')}</p>;
  }
  const label = t('watches.history.chartLabel', {
    count: summary.days,
    lowest: money(summary.lowest.amount),
    lowestDay: format.calendarDate(summary.lowest.day, 'short'),
    highest: money(summary.highest.amount),
    highestDay: format.calendarDate(summary.highest.day, 'short'),
    latest: money(summary.latest.amount),
    latestDay: format.calendarDate(summary.latest.day, 'short'),
  });
  const market = history.market?.amount ?? null;
  const target = history.target?.amount ?? null;
  const placeholder = (
    <div
      role="img"
      aria-label={label}
      className="flex h-[220px] w-full items-center justify-center rounded-xl border border-line bg-raised text-sm text-ink-muted"
    >
      <span aria-hidden="true">{t('watches.history.loading')}</span>
    </div>
  );

  return (
    <div className="space-y-3">
      <ChartBoundary fallback={placeholder}>
        <Suspense fallback={placeholder}>
          <PriceHistoryChart
            points={points}
            currency={currency}
            market={market}
            target={target}
            label={label}
          />
        </Suspense>
      </ChartBoundary>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted">
          <LegendItem colour={colours.price} pattern="solid">
            {t('watches.history.price')}
          </LegendItem>
          {market !== null ? (
            <LegendItem colour={colours.market} pattern="dashed">
              {t('watches.history.market', { amount: money(market) })}
            </LegendItem>
          ) : null}
          {target !== null ? (
            <LegendItem colour={colours.target} pattern="dotted">
              {t('watches.history.target', {
                amount: money(target),
                percent: history.thresholdPercent,
              })}
            </LegendItem>
          ) : null}
        </ul>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={table}
          aria-controls={tableId}
          onClick={() => setTable((shown) => !shown)}
        >
          {table ? t('watches.history.hideTable') : t('watches.history.showTable')}
        </Button>
      </div>
      <div
        id={tableId}
        hidden={!table}
        className="max-h-64 overflow-y-auto rounded-xl border border-line"
      >
        {table ? (
          <table className="w-full text-sm">
            <caption className="sr-only">{t('watches.history.tableCaption')}</caption>
            <thead className="sticky top-0 bg-raised text-left text-xs text-ink-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('watches.history.day')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('watches.history.price')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {[...points].reverse().map((point) => (
                <tr key={point.day}>
                  <td className="px-3 py-1.5">{format.calendarDate(point.day, 'long')}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{money(point.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
      <BuyOrWait advice={history.advice} currency={currency} headingLevel={adviceHeadingLevel} />
    </div>
  );
}

function LegendItem({
  colour,
  pattern,
  children,
}: {
  colour: string;
  pattern: 'solid' | 'dashed' | 'dotted';
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="inline-block w-5 border-t-2"
        style={{ borderColor: colour, borderTopStyle: pattern }}
      />
      {children}
    </li>
  );
}
