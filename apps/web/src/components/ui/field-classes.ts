import { cn } from '../../lib/cn';

// Kept apart from field.tsx so that file exports only components (fast refresh).

/** Shared look of text-like controls (input, select, textarea). */
export const controlClasses = cn(
  'block w-full rounded-xl border bg-surface px-3.5 text-base text-ink sm:text-sm',
  'placeholder:text-ink-muted/80 transition-[border-color,box-shadow] duration-150',
  'focus:outline-none focus-visible:border-sky-500 focus-visible:ring-2 focus-visible:ring-sky-500/40',
  'disabled:opacity-60',
);

export function describedBy(inputId: string, error?: string, hint?: string): string | undefined {
  const ids = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
