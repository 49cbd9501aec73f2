import { useId, useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { clampWhole } from '@vowa/shared/travel/trip-price-model';
import { focusRing } from '../../../components/ui/button-variants';
import { controlClasses } from '../../../components/ui/field-classes';
import { cn } from '../../../lib/cn';

/**
 * A whole number within min–max: − and + buttons around a field that also takes typing (kept
 * within the limits when it is left), so phones and keyboards both work.
 */
export function NumberStepper({
  label,
  value,
  min,
  max,
  hint,
  decreaseLabel,
  increaseLabel,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  hint: string;
  decreaseLabel: string;
  increaseLabel: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  // A change from outside (a button, an applied suggestion) shows in the field: adjusted while
  // rendering, as React recommends for state that follows a prop.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const commit = (typed: string) => {
    const next = clampWhole(Number(typed), min, max);
    setText(String(next));
    if (next !== value) onChange(next);
  };
  const button = cn(
    'inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-line text-ink hover:bg-raised disabled:cursor-not-allowed disabled:opacity-50',
    focusRing,
  );
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={button}
          aria-label={decreaseLabel}
          aria-controls={id}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={text}
          aria-describedby={`${id}-hint`}
          className={cn(
            controlClasses,
            // The − and + buttons step it; the browser's own spinner would be a third control.
            'h-11 w-20 [appearance:textfield] border-line text-center tabular-nums [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
          )}
          onChange={(event) => {
            setText(event.target.value);
            const typed = Number(event.target.value);
            if (
              event.target.value !== '' &&
              Number.isInteger(typed) &&
              typed >= min &&
              typed <= max
            ) {
              onChange(typed);
            }
          }}
          onBlur={(event) => commit(event.target.value)}
        />
        <button
          type="button"
          className={button}
          aria-label={increaseLabel}
          aria-controls={id}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {hint}
      </p>
    </div>
  );
}
