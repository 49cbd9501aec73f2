import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { FieldFrame } from './field';
import { controlClasses, describedBy } from './field-classes';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  id?: string;
};

/** A labelled multi-line text field. */
export function Textarea({ label, error, hint, id, required, className, ...props }: TextareaProps) {
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
      <textarea
        id={inputId}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(
          controlClasses,
          'min-h-20 resize-y py-2.5',
          error ? 'border-red-600 dark:border-red-400' : 'border-line',
        )}
        {...props}
      />
    </FieldFrame>
  );
}
