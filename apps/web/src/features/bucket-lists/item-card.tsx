import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BellRing,
  Calendar,
  Check,
  CheckCircle2,
  MapPin,
  Pencil,
  Trash2,
  Wallet,
} from 'lucide-react';
import type { BucketItem } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { PhotoCredit } from '../../components/photo-credit';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { focusRing } from '../../components/ui/button-variants';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { artworkAlt } from '../../lib/destination-image';
import { categoryIcons, imageChain } from './bucket-visuals';
import { useFormat } from '../../lib/use-format';
import { useMoney } from '../../lib/use-money';

const priorityDot = { low: 'bg-slate-400', medium: 'bg-sky-500', high: 'bg-rose-500' } as const;

/** What a card's buttons do, given the card's item: one object for every card of a list. */
export interface ItemCardActions {
  toggle: (item: BucketItem) => void;
  edit: (item: BucketItem) => void;
  remove: (item: BucketItem) => void;
  /** "Tell me when it fits my budget": a trip there from home, watched against the budget. */
  watchBudget?: (item: BucketItem) => void;
}

/**
 * A destination card (part 1 §2): image, badges, completion toggle, details, owner actions.
 * Memoised, with its actions shared by the whole list: a list re-renders as its cards are
 * revealed and as its queries settle, and each card then renders again only if its item did.
 */
export const ItemCard = memo(function ItemCard({
  item,
  canEdit,
  actions,
}: {
  item: BucketItem;
  canEdit: boolean;
  actions: ItemCardActions;
}) {
  const { t } = useTranslation();
  const CategoryIcon = categoryIcons[item.category];
  const category = t(`bucket.categories.${item.category}`);
  const fetching = item.imageStatus === 'fetching';
  const titleId = useId();

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      // As wide as its grid cell whatever its text: cards in a row line up.
      className="flex w-full min-w-0 flex-col overflow-hidden"
    >
      <div className="relative aspect-[16/10] bg-linear-to-br from-sky-700 to-violet-600">
        <ItemImage item={item} category={category} />
        {fetching ? (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 bg-slate-950/45 text-sm font-medium text-white"
          >
            <Spinner />
            {t('bucket.item.fetchingImage')}
          </div>
        ) : null}
        <div className="absolute top-3 left-3 flex items-center gap-2">
          <span
            role="img"
            aria-label={t('bucket.item.categoryLabel', { category })}
            title={category}
            className="flex size-8 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-sm"
          >
            <CategoryIcon aria-hidden="true" className="size-4" />
          </span>
        </div>
        {/* Solid, so it reads on any picture in either theme. */}
        <Badge
          tone="neutral"
          className="absolute top-3 right-3 border-transparent bg-white/95 text-slate-800 shadow-sm"
        >
          <span
            aria-hidden="true"
            className={cn('size-2 rounded-full', priorityDot[item.priority])}
          />
          {t('bucket.priorityBadge', { priority: t(`bucket.priorities.${item.priority}`) })}
        </Badge>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <button
            type="button"
            aria-pressed={item.isCompleted}
            aria-label={
              item.isCompleted
                ? t('bucket.item.markNotCompleted', { title: item.title })
                : t('bucket.item.markCompleted', { title: item.title })
            }
            disabled={!canEdit}
            onClick={() => actions.toggle(item)}
            className={cn(
              'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-md border-2 transition-colors',
              item.isCompleted
                ? 'border-emerald-600 bg-emerald-600 text-white'
                : 'border-ink-muted text-transparent hover:border-emerald-600',
              'disabled:cursor-not-allowed disabled:opacity-60',
              focusRing,
            )}
          >
            <Check aria-hidden="true" className="size-4" strokeWidth={3} />
          </button>
          <div className="min-w-0 flex-1">
            <h3
              id={titleId}
              className={cn(
                'text-lg leading-snug font-semibold',
                item.isCompleted && 'text-ink-muted line-through',
              )}
            >
              {item.title}
            </h3>
            <p className="mt-0.5 flex items-center gap-1 text-sm text-ink-muted">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">
                {item.location}, {item.country}
              </span>
            </p>
          </div>
        </div>

        {item.description ? <p className="text-sm text-ink">{item.description}</p> : null}

        <dl className="grid grid-cols-2 gap-3 text-sm">
          {/* 0 is the form's default: a cost nobody gave is not shown as free. */}
          {item.estimatedCost > 0 ? (
            <div>
              <dt className="flex items-center gap-1 text-xs text-ink-muted">
                <Wallet aria-hidden="true" className="size-3.5" />
                {t('bucket.item.estimatedCost')}
              </dt>
              <ItemCost amount={item.estimatedCost} currency={item.costCurrency} />
            </div>
          ) : null}
          {item.bestTimeToVisit ? (
            <div>
              <dt className="flex items-center gap-1 text-xs text-ink-muted">
                <Calendar aria-hidden="true" className="size-3.5" />
                {t('bucket.item.bestTime')}
              </dt>
              <dd className="font-semibold">{item.bestTimeToVisit}</dd>
            </div>
          ) : null}
        </dl>

        {item.notes ? (
          <p className="rounded-lg bg-raised px-3 py-2 text-sm text-ink">
            <span className="font-medium">{t('bucket.item.notes')}:</span> {item.notes}
          </p>
        ) : null}

        {item.isCompleted && item.completedDate ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-300">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            <CompletedOn date={item.completedDate} />
          </p>
        ) : null}

        {actions.watchBudget && !item.isCompleted ? (
          <Button
            variant="outline"
            size="sm"
            // Long in some languages: it wraps rather than running out of the card.
            className={cn(
              'h-auto min-h-9 self-start py-1.5 text-left whitespace-normal',
              !canEdit && 'mt-auto',
            )}
            onClick={() => actions.watchBudget?.(item)}
          >
            <BellRing aria-hidden="true" className="size-4" />
            {t('watches.bucket.fitsBudget')}
          </Button>
        ) : null}

        {canEdit ? (
          <div className="mt-auto flex justify-end gap-1 border-t border-line pt-3">
            <button
              type="button"
              aria-label={t('bucket.item.edit', { title: item.title })}
              onClick={() => actions.edit(item)}
              className={cn(
                'inline-flex size-9 items-center justify-center rounded-lg text-ink-muted hover:bg-raised hover:text-ink',
                focusRing,
              )}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              aria-label={t('bucket.item.delete', { title: item.title })}
              onClick={() => actions.remove(item)}
              className={cn(
                'inline-flex size-9 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-500/10',
                focusRing,
              )}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </Card>
  );
});

/**
 * The estimated cost, kept in the currency it was entered in: each reader sees it in theirs,
 * with the rate. Apart from the card, so the exchange rates and the reader's currency arriving
 * re-render these few lines, not every card of the list.
 */
function ItemCost({ amount, currency }: { amount: number; currency: string }) {
  const money = useMoney();
  const cost = money({ amount, currency }, 'never');
  return (
    <>
      <dd className="font-semibold">{cost.text}</dd>
      {cost.note ? (
        <dd className="text-xs text-ink-muted" data-testid="cost-conversion">
          {cost.note}
        </dd>
      ) : null}
    </>
  );
}

/** "Completed on …", in the reader's date format (apart from the card, as ItemCost is). */
function CompletedOn({ date }: { date: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return <>{t('bucket.item.completedOn', { date: format.calendarDate(date) })}</>;
}

/**
 * The item's picture; on an error it falls back to the category artwork, then adventure's,
 * then the gradient behind it, so a broken image never shows. An Unsplash photo shows its
 * photographer's credit, as the trip cards do, while the photo itself is what is shown.
 */
function ItemImage({ item, category }: { item: BucketItem; category: string }) {
  const { t } = useTranslation();
  const chain = imageChain(item.category, item.image);
  const key = chain.join('|');
  const [failures, setFailures] = useState<{ key: string; count: number }>({ key, count: 0 });
  const src = chain[failures.key === key ? failures.count : 0];
  if (!src) return null;
  // Says what is shown: a photo of the place, or the app's artwork for the category.
  const alt =
    artworkAlt(t, src) ??
    (src.startsWith('/artwork/')
      ? t('bucket.item.artworkAlt', { category })
      : t('bucket.item.photoAlt', { place: `${item.location}, ${item.country}` }));
  return (
    <>
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        data-testid="bucket-item-image"
        className="absolute inset-0 size-full object-cover"
        onError={() => setFailures((now) => ({ key, count: now.key === key ? now.count + 1 : 1 }))}
      />
      {item.imageCredit && src === item.image ? (
        <PhotoCredit
          credit={item.imageCredit}
          className="absolute right-3 bottom-2 max-w-[calc(100%-1.5rem)] rounded-md bg-slate-950/75 px-2 py-1 text-white"
        />
      ) : null}
    </>
  );
}
