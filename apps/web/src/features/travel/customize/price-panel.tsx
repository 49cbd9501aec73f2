import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, BadgeCheck, Calculator } from 'lucide-react';
import type { TripEstimate } from '@vowa/shared/travel/trip-price-model';
import type { TripQuote } from '@vowa/shared/travel/trip-quote-schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useFormat } from '../../../lib/use-format';

type BreakdownKey = 'flights' | 'hotels' | 'experiences' | 'extras';
const partsOf = (breakdown: Partial<Record<BreakdownKey, number>>) =>
  (['flights', 'hotels', 'experiences', 'extras'] as const).flatMap((key) =>
    breakdown[key] === undefined ? [] : [{ key, amount: breakdown[key] }],
  );

/** Flights / Hotels / Experiences (/ Extras) as a small table of amounts. */
function Breakdown({
  parts,
  currency,
}: {
  parts: { key: BreakdownKey; amount: number }[];
  currency: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      {parts.map((part) => (
        <div key={part.key}>
          <dt className="text-xs opacity-80">{t(`customize.price.${part.key}`)}</dt>
          <dd className="font-semibold tabular-nums">{format.money(part.amount, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The price of the customised trip: part 2 §9's instant estimate while the provider prices the
 * exact trip, then the quoted price with its time and currency (the estimate beside it). Each
 * is labelled for what it is; changes are announced politely.
 */
export function PricePanel({
  estimate,
  estimateCurrency,
  travelers,
  pending,
  exact,
  loading,
  error,
  onRetry,
}: {
  estimate: TripEstimate;
  estimateCurrency: string;
  travelers: number;
  pending: boolean;
  exact: TripQuote | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const status = pending
    ? t('customize.price.updating')
    : loading
      ? t('customize.price.quoting')
      : null;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-2xl border p-4',
        exact
          ? 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-50'
          : 'border-violet-300 bg-violet-50 text-violet-950 dark:border-violet-400/30 dark:bg-violet-400/10 dark:text-violet-50',
      )}
    >
      <h3 id={headingId} className="sr-only">
        {t('customize.price.heading')}
      </h3>
      <div aria-live="polite" aria-atomic="true" aria-busy={pending || loading || undefined}>
        {exact ? (
          <QuotedPrice quote={exact} estimate={estimate} estimateCurrency={estimateCurrency} />
        ) : (
          <div data-testid="trip-estimate">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="warning">
                <Calculator aria-hidden="true" className="size-3.5" />
                {t('customize.price.estimate')}
              </Badge>
              <span className="text-xs opacity-80">
                {t('customize.price.totalFor', { count: travelers })}
              </span>
            </div>
            <p className="mt-2 text-3xl font-bold tabular-nums">
              {format.money(estimate.price, estimateCurrency)}
            </p>
            <p className="mt-1 text-xs opacity-80">
              {t('customize.price.estimateNote', {
                multiplier: format.number(estimate.multiplier, { maximumFractionDigits: 2 }),
              })}
            </p>
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div className="flex gap-1.5">
                <dt className="opacity-80">{t('customize.price.savings')}</dt>
                <dd className="font-semibold">
                  {format.money(estimate.savings, estimateCurrency)}
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="opacity-80">{t('customize.price.confidence')}</dt>
                <dd className="font-semibold">
                  {format.number(estimate.confidence / 100, {
                    style: 'percent',
                    maximumFractionDigits: 0,
                  })}
                </dd>
              </div>
            </dl>
            <Breakdown currency={estimateCurrency} parts={partsOf(estimate.breakdown)} />
          </div>
        )}
        {status ? (
          <p className="mt-3 flex items-center gap-2 text-sm font-medium">
            <Spinner />
            {status}
          </p>
        ) : null}
      </div>
      {error && !pending && !loading ? (
        <div
          role="alert"
          className="mt-3 flex flex-wrap items-start gap-2 text-sm font-medium text-red-800 dark:text-red-200"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="flex-1">{errorMessage(error)}</span>
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('customize.price.retry')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The provider's price now: total, when and in what it was quoted, what is charged. */
function QuotedPrice({
  quote,
  estimate,
  estimateCurrency,
}: {
  quote: TripQuote;
  estimate: TripEstimate;
  estimateCurrency: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div data-testid="trip-quoted">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="success">
          <BadgeCheck aria-hidden="true" className="size-3.5" />
          {t('customize.price.quoted')}
        </Badge>
        <span className="text-xs opacity-80">
          {t('customize.price.totalFor', { count: quote.travelers })}
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tabular-nums">
        {format.money(quote.total, quote.currency, 'always')}
      </p>
      <p className="mt-1 text-xs opacity-80">
        {t('customize.price.quotedNote', {
          time: format.dateTime(quote.quotedAt),
          // The provider's own currency (what is charged), not the one shown.
          currency: quote.charged?.currency ?? quote.currency,
          until: format.dateTime(quote.validUntil),
        })}
      </p>
      {quote.charged && quote.charged.currency !== quote.currency ? (
        <p className="mt-1 text-xs opacity-80">
          {t('customize.price.charged', {
            amount: format.money(quote.charged.amount, quote.charged.currency, 'always'),
            rate: format.number(quote.exchangeRate.rate, { maximumFractionDigits: 4 }),
            from: quote.charged.currency,
            to: quote.currency,
          })}
        </p>
      ) : null}
      <Breakdown currency={quote.currency} parts={partsOf(quote.breakdown)} />
      <p className="mt-3 text-xs opacity-80">
        {t('customize.price.estimateWas', {
          amount: format.money(estimate.price, estimateCurrency),
        })}
      </p>
    </div>
  );
}
