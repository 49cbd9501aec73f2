import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FieldFrame } from './field';
import { controlClasses, describedBy } from './field-classes';

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
          aria-describedby={describedBy(inputId, error, hint)}
          className={cn(
            controlClasses,
            'h-11',
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
