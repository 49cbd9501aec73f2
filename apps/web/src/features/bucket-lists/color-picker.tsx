import { useId, type ComponentProps } from 'react';
import { Check } from 'lucide-react';
import {
  bucketListColorKeys,
  bucketListColors,
} from '@vowa/shared/bucket-lists/bucket-list-constants';
import { cn } from '../../lib/cn';
import { listGradient } from './bucket-visuals';

/**
 * The eight colour presets as a radio group of swatches; each swatch's accessible name is the
 * preset's name. Native radios keep arrow-key navigation.
 */
export function ColorPicker({
  label,
  value,
  ...radioProps
}: { label: string; value: string } & Omit<ComponentProps<'input'>, 'type' | 'value'>) {
  const labelId = useId();
  return (
    <div className="space-y-1.5">
      <p id={labelId} className="text-sm font-medium text-ink">
        {label}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="grid grid-cols-4 gap-2">
        {bucketListColorKeys.map((key) => (
          <label key={key} className="group relative block cursor-pointer">
            <input
              type="radio"
              value={key}
              aria-label={bucketListColors[key].name}
              className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
              {...radioProps}
            />
            <span
              aria-hidden="true"
              style={{ backgroundImage: listGradient(key) }}
              className={cn(
                'flex h-10 items-center justify-center rounded-xl border-2 border-transparent text-white shadow-sm',
                'transition-[box-shadow,transform] duration-150 motion-reduce:transition-none',
                'group-hover:scale-[1.03] peer-checked:border-ink',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-sky-500 peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-surface',
              )}
            >
              {value === key ? <Check className="size-5 drop-shadow" strokeWidth={3} /> : null}
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
