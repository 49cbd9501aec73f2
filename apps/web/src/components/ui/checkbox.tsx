import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A native checkbox with its label beside it (the whole row is clickable). */
export function Checkbox({
  label,
  id,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'id'> & { label: string; id?: string }) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500"
        {...props}
      />
      <label htmlFor={inputId} className="cursor-pointer text-sm text-ink">
        {label}
      </label>
    </div>
  );
}
