import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertCircle,
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

/** The sticky row of buttons at the foot of a detail dialog. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="sticky -bottom-6 z-10 -mx-6 mt-8 flex flex-wrap justify-end gap-2 border-t border-line bg-surface px-6 py-4 sm:-bottom-8 sm:-mx-8 sm:px-8">
      {children}
    </div>
  );
}
