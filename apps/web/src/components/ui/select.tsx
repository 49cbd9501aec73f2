import { useId, type ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { FieldFrame } from './field';
import { controlClasses, describedBy } from './field-classes';

export type SelectProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  /** Hides the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  error?: string | undefined;
  hint?: string;
  id?: string;
  options: readonly { value: string; label: string }[];
};

/**
 * A labelled select. The native control keeps keyboard, screen-reader and phone pickers
 * working everywhere; only its look is ours.
 */
export function Select({
  label,
  hideLabel = false,
  error,
  hint,
  id,
  required,
  options,
  className,
  ...props
}: SelectProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const control = (
    <div className="relative">
      <select
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...(hideLabel ? { 'aria-label': label } : {})}
        className={cn(
          controlClasses,
          'h-11 appearance-none pr-10',
          error ? 'border-red-600 dark:border-red-400' : 'border-line',
        )}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted"
      />
    </div>
  );
  if (hideLabel) return <div className={className}>{control}</div>;
  return (
    <FieldFrame
      inputId={inputId}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      {control}
    </FieldFrame>
  );
}
