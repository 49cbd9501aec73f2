import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Label (with the asterisk beside it, not in the name), control, hint and error text. */
export function FieldFrame({
  inputId,
  label,
  required,
  error,
  hint,
  className,
  children,
}: {
  inputId: string;
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline gap-0.5 text-sm font-medium">
        <label htmlFor={inputId} className="text-ink">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-red-600 dark:text-red-400">
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint && !error ? (
        <p id={`${inputId}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
