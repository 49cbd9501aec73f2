import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FieldFrame } from './field';

const inputClasses = cn(
  'block h-11 w-full rounded-xl border bg-surface px-3.5 text-base text-ink sm:text-sm',
  'placeholder:text-ink-muted/80 transition-[border-color,box-shadow] duration-150',
  'focus:outline-none focus-visible:border-sky-500 focus-visible:ring-2 focus-visible:ring-sky-500/40',
);

export type TextInputProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Already-translated error text; shown beneath the field with a red border. */
  error?: string | undefined;
  hint?: string;
  id?: string;
  /** Extra content inside the field's right edge (the password toggle). */
  trailing?: ReactNode;
};

/** A labelled text field; required fields show an asterisk (part 1 §5). */
export function TextInput({
  label,
  error,
  hint,
  id,
  required,
  trailing,
  className,
  ...props
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');

  return (
    <FieldFrame
      inputId={inputId}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy || undefined}
          className={cn(
            inputClasses,
            error ? 'border-red-600 dark:border-red-400' : 'border-line',
            trailing ? 'pr-11' : null,
          )}
          {...props}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
    </FieldFrame>
  );
}
