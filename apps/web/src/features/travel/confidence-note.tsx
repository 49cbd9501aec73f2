import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import { focusRing } from '../../components/ui/button-variants';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';

type Evidence = Pick<
  TripSuggestion,
  'confidence' | 'marketPriceSource' | 'historyQuotes' | 'historyDays' | 'historyRange'
>;

/**
 * What the confidence rests on, in words: "Based on 14 recorded prices of this trip over
 * 9 days. They ranged from $2,310 to $2,640; the market price is their median."
 */
function useConfidenceExplanation(trip: Evidence, currency: string): string[] {
  const { t } = useTranslation();
  const format = useFormat();
  const prices = t('travel.confidence.prices', { count: trip.historyQuotes });
  if (trip.marketPriceSource === 'reference') {
    return [
      trip.historyQuotes === 0
        ? t('travel.confidence.reference')
        : t('travel.confidence.referenceFew', { prices }),
      t('travel.confidence.scale'),
    ];
  }
  const lines = [
    t('travel.confidence.history', {
      prices,
      days: t('travel.confidence.days', { count: trip.historyDays }),
    }),
  ];
  if (trip.historyRange) {
    lines.push(
      t('travel.confidence.range', {
        low: format.money(trip.historyRange.low, currency),
        high: format.money(trip.historyRange.high, currency),
      }),
    );
  }
  lines.push(t('travel.confidence.scale'));
  return lines;
}

/**
 * The card's "72% confidence", as a button that shows what it is based on (a toggletip:
 * opened by click, Enter or Space, closed by Escape, another click or a click outside), so the
 * explanation is there for keyboard, touch and screen-reader users, not only on hover.
 */
export function ConfidenceNote({ trip, currency }: { trip: Evidence; currency: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div ref={wrapper} className="relative inline-block" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className={cn(
          'inline-flex items-center gap-1 rounded font-semibold text-violet-800 underline decoration-dotted underline-offset-4 dark:text-violet-200',
          focusRing,
        )}
      >
        {t('travel.card.confidence', { percent: trip.confidence })}
        <Info aria-hidden="true" className="size-3.5" />
      </button>
      <div
        id={panelId}
        role="note"
        aria-label={t('travel.confidence.explain')}
        hidden={!open}
        className="absolute right-0 z-20 mt-2 w-64 max-w-[calc(100vw-3rem)] rounded-xl border border-line bg-surface p-3 text-left text-xs leading-relaxed text-ink shadow-lg"
      >
        {open ? <ConfidenceLines trip={trip} currency={currency} /> : null}
      </div>
    </div>
  );
}

/**
 * The explanation's lines, written only while it is open: a screen of trip cards otherwise
 * formats every card's prices and sentences for panels nobody has opened (issue 10 part 11).
 */
function ConfidenceLines({ trip, currency }: { trip: Evidence; currency: string }) {
  const lines = useConfidenceExplanation(trip, currency);
  return lines.map((line) => (
    <p key={line} className="not-first:mt-1.5">
      {line}
    </p>
  ));
}
