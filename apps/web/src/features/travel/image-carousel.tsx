import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { focusRing } from '../../components/ui/button-variants';
import { cn } from '../../lib/cn';
import { TravelImage } from './travel-parts';

/**
 * A small accessible carousel: labelled previous/next buttons, "Image 1 of 3" announced as it
 * changes, and the arrow keys (plus Home/End) when the carousel has focus.
 */
export function ImageCarousel({
  images,
  label,
  altFor,
}: {
  images: string[];
  /** Names the carousel region ("Hotel photos"). */
  label: string;
  altFor: (index: number, total: number) => string;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const total = images.length;
  const current = total === 0 ? 0 : Math.min(index, total - 1);
  const go = (next: number) => setIndex(((next % total) + total) % total);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (total < 2) return;
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: total - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  };

  const navButton = cn(
    'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white',
    focusRing,
  );

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={total > 1 ? 0 : undefined}
      onKeyDown={onKeyDown}
      className={cn('relative overflow-hidden rounded-xl', focusRing)}
    >
      <TravelImage
        key={images[current] ?? 'none'}
        src={images[current]}
        alt={total > 0 ? altFor(current + 1, total) : ''}
        eager
        className="aspect-[16/9] w-full"
      />
      {total > 1 ? (
        <>
          <button
            type="button"
            aria-label={t('travel.hotel.previousImage')}
            onClick={() => go(current - 1)}
            className={cn(navButton, 'left-3')}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label={t('travel.hotel.nextImage')}
            onClick={() => go(current + 1)}
            className={cn(navButton, 'right-3')}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <p
            aria-live="polite"
            aria-atomic="true"
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-slate-950/75 px-3 py-1 text-xs font-medium text-white"
          >
            {t('travel.hotel.imageOf', { index: current + 1, total })}
          </p>
        </>
      ) : null}
    </div>
  );
}
