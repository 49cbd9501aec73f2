import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertCircle,
  AlertTriangle,
  ImageOff,
  Star,
  TrendingDown,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';
import type { QuoteInfo } from '@vowa/shared/travel/travel-schemas';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';

/**
 * A travel picture that never shows broken: with no source, or when it fails to load, a
 * neutral placeholder takes its place.
 */
export function TravelImage({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        data-testid="travel-image-placeholder"
        className={cn(
          'flex items-center justify-center bg-linear-to-br from-slate-200 to-slate-300 text-slate-500 dark:from-slate-700 dark:to-slate-800 dark:text-slate-400',
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-8" strokeWidth={1.5} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('object-cover', className)}
      onError={() => setFailed(src)}
    />
  );
}

/** "Converted from €412.00 · ECB rate of Mar 14, 2026", only when a conversion happened. */
export function ConvertedNote({
  quote,
  currency,
  className,
}: {
  quote: QuoteInfo;
  currency: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (quote.sourceCurrency === currency) return null;
  const { asOf, source } = quote.exchangeRate;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(asOf)
    ? format.calendarDate(asOf, 'long')
    : format.date(asOf);
  return (
    <p className={cn('text-xs text-ink-muted', className)}>
      {t('travel.convertedFrom', {
        amount: format.money(quote.sourceAmount, quote.sourceCurrency, 'always'),
        source,
        date,
      })}
    </p>
  );
}

/** A titled block inside a detail dialog. */
export function DetailSection({
  title,
  icon: Icon,
  children,
  className,
  action,
}: {
  title: string;
  icon?: LucideIcon;
  children: ReactNode;
  className?: string;
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('border-t border-line pt-5', className)}>
      <div className="flex items-center justify-between gap-3">
        <h3 id={id} className="flex items-center gap-2 text-base font-semibold text-ink">
          {Icon ? (
            <Icon aria-hidden="true" className="size-4 text-violet-700 dark:text-violet-300" />
          ) : null}
          {title}
        </h3>
        {action}
      </div>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

/** Term/value pairs in a responsive grid. */
export function InfoList({
  items,
  className,
}: {
  items: { term: string; value: ReactNode; icon?: LucideIcon }[];
  className?: string;
}) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 sm:grid-cols-2', className)}>
      {items.map(({ term, value, icon: Icon }) => (
        <div key={term} className="min-w-0">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-ink-muted">
            {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
            {term}
          </dt>
          <dd className="mt-0.5 font-medium break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Bullet list with an icon per line, or nothing when empty. */
export function IconList({
  items,
  icon: Icon,
  iconClassName,
  className,
}: {
  items: string[];
  icon: LucideIcon;
  iconClassName?: string;
  className?: string;
}) {
  return (
    <ul className={cn('grid gap-2 sm:grid-cols-2', className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-ink">
          <Icon
            aria-hidden="true"
            className={cn(
              'mt-0.5 size-4 shrink-0 text-violet-700 dark:text-violet-300',
              iconClassName,
            )}
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Filled and empty stars; the text alternative says "4 stars". */
export function StarRating({ stars, className }: { stars: number; className?: string }) {
  const { t } = useTranslation();
  const rounded = Math.round(stars);
  return (
    <span
      role="img"
      aria-label={t('travel.hotel.stars', { count: stars })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn(
            'size-4',
            index <= rounded
              ? 'fill-amber-400 text-amber-500'
              : 'fill-transparent text-slate-400 dark:text-slate-500',
          )}
        />
      ))}
    </span>
  );
}

export type RequoteView =
  | { state: 'unchanged'; price: number | null }
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; price: number | null; difference: number | null };

/**
 * The live price in Modify mode: the re-quoted price and its difference from the original,
 * announced politely as it changes; a spinner while the provider answers; its detail on error.
 */
export function RequoteSummary({
  view,
  currency,
  priceLabel,
}: {
  view: RequoteView;
  currency: string;
  priceLabel: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const price = (amount: number | null) =>
    amount === null ? t('travel.priceNotAvailable') : format.money(amount, currency, 'always');
  const difference =
    view.state === 'ready' ? view.difference : view.state === 'unchanged' ? 0 : null;
  const DiffIcon = difference !== null && difference < 0 ? TrendingDown : TrendingUp;
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      aria-busy={view.state === 'loading' || undefined}
      data-testid="requote-summary"
      className={cn(
        'rounded-xl border p-4',
        view.state === 'error'
          ? 'border-red-300 bg-red-50 dark:border-red-400/30 dark:bg-red-500/10'
          : 'border-violet-300 bg-violet-50 text-violet-950 dark:border-violet-400/30 dark:bg-violet-400/10 dark:text-violet-50',
      )}
    >
      {view.state === 'loading' ? (
        <p className="flex items-center gap-2 text-sm font-medium">
          <Spinner />
          {t('travel.requote.loading')}
        </p>
      ) : view.state === 'error' ? (
        <p className="flex items-start gap-2 text-sm font-medium text-red-800 dark:text-red-200">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {view.message}
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-4">
          <div>
            <dt className="text-xs font-medium opacity-80">{priceLabel}</dt>
            <dd className="mt-0.5 text-xl font-bold">{price(view.price)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium opacity-80">{t('travel.requote.difference')}</dt>
            <dd className="mt-0.5 flex items-center gap-1.5 text-xl font-bold">
              {difference === null ? (
                t('travel.notAvailable')
              ) : difference === 0 ? (
                t('travel.requote.noChange')
              ) : (
                <>
                  <DiffIcon aria-hidden="true" className="size-5" />
                  {format.difference(difference, currency)}
                </>
              )}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}

/** A price for the dialog's foot, so it stays in sight while the details scroll. */
export function FooterPrice({ label, amount }: { label: string; amount: string }) {
  return (
    <p className="flex items-baseline gap-2">
      <span className="text-ink-muted">{label}</span>
      <span className="text-lg font-bold text-ink">{amount}</span>
    </p>
  );
}

/**
 * The sticky foot of a detail dialog: an optional summary (the price) and the buttons. It reaches
 * the dialog's bottom edge (no band under it); on phones the buttons share rows evenly, an odd
 * last one (the main action) spanning the width, instead of wrapping one at a time.
 */
export function DialogFooter({ children, summary }: { children: ReactNode; summary?: ReactNode }) {
  return (
    <div className="sticky -bottom-6 z-10 -mx-6 mt-8 -mb-6 flex flex-col gap-3 border-t border-line bg-surface px-6 py-4 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:flex-row sm:flex-wrap sm:items-center sm:px-8">
      {summary ? <div className="min-w-0 text-sm sm:mr-auto">{summary}</div> : null}
      <div className="grid grid-cols-2 gap-2 *:w-full sm:flex sm:flex-1 sm:flex-wrap sm:justify-end sm:*:w-auto [&>*:last-child:nth-child(odd)]:col-span-2">
        {children}
      </div>
    </div>
  );
}

/** The trip a dialog's offer belongs to: its total, budget and how the offer's price counts. */
export interface TripTotalContext {
  /** The trip's total as the card shows it, in `currency`. */
  total: number;
  currency: string;
  /** The person's maximum trip budget in `currency`; null when unknown. */
  maxTripBudget: number | null;
  travelers: number;
  /** How many times the offer's price is in the total (a flight: per traveller; a stay: once). */
  factor: number;
}

/**
 * The trip's total with the pending re-quote in it, and a warning when that goes over the
 * person's budget, so they know before saving. Only the server's prices count: nothing shows
 * until the re-quote has answered, or when the offer is priced in another currency.
 */
export function TripTotalCheck({
  context,
  view,
  appliedPrice,
  currency,
}: {
  context: TripTotalContext;
  view: RequoteView;
  appliedPrice: number | null;
  currency: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (currency !== context.currency) return null;
  const price = view.state === 'ready' || view.state === 'unchanged' ? view.price : null;
  if (price === null || appliedPrice === null) return null;
  const total = Math.round((context.total + (price - appliedPrice) * context.factor) * 100) / 100;
  const over =
    context.maxTripBudget !== null && total > context.maxTripBudget
      ? total - context.maxTripBudget
      : null;
  return (
    <div className="space-y-2 text-sm" data-testid="trip-total-check">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-ink-muted">
          {t('travel.requote.tripTotal', { count: context.travelers })}
        </span>
        <span className="font-semibold text-ink">{format.money(total, context.currency)}</span>
      </p>
      {over !== null && context.maxTripBudget !== null ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 font-medium text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('travel.requote.overBudget', {
            budget: format.money(context.maxTripBudget, context.currency),
            amount: format.money(over, context.currency),
          })}
        </p>
      ) : null}
    </div>
  );
}
