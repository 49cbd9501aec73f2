import { useId, type ReactNode } from 'react';
import { Slider as RadixSlider } from 'radix-ui';
import { cn } from '../../lib/cn';

/**
 * A single-thumb slider on Radix (arrow keys, Page Up/Down, Home/End). `label` names the
 * thumb; `valueText` is what screen readers announce and what shows beside the label.
 */
export function Slider({
  label,
  hideLabel = false,
  value,
  min,
  max,
  step = 1,
  onValueChange,
  valueText,
  display,
  disabled,
  className,
}: {
  label: string;
  hideLabel?: boolean;
  value: number;
  min: number;
  max: number;
  step?: number;
  onValueChange: (value: number) => void;
  valueText?: string;
  /** Shown at the right of the label row (defaults to valueText). */
  display?: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  const labelId = useId();
  return (
    <div className={cn('space-y-2', className)}>
      <div
        className={cn(
          'flex items-baseline justify-between gap-3 text-sm',
          hideLabel ? 'sr-only' : null,
        )}
      >
        <span id={labelId} className="font-medium text-ink">
          {label}
        </span>
        {display !== undefined || valueText ? (
          <span aria-hidden="true" className="font-semibold text-ink">
            {display ?? valueText}
          </span>
        ) : null}
      </div>
      <RadixSlider.Root
        className="relative flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-60"
        value={[value]}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        onValueChange={([next]) => {
          if (next !== undefined) onValueChange(next);
        }}
      >
        <RadixSlider.Track className="relative h-2 grow overflow-hidden rounded-full bg-raised ring-1 ring-line">
          <RadixSlider.Range className="absolute h-full rounded-full bg-linear-to-r from-sky-600 to-violet-600" />
        </RadixSlider.Track>
        <RadixSlider.Thumb
          aria-labelledby={labelId}
          aria-valuetext={valueText}
          className={cn(
            'block size-5 rounded-full border-2 border-violet-600 bg-white shadow-md',
            'transition-shadow focus-visible:ring-4 focus-visible:ring-sky-500/50 focus-visible:outline-none',
          )}
        />
      </RadixSlider.Root>
    </div>
  );
}
