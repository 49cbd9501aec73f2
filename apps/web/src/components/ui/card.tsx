import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** The common surface: rounded-xl, a subtle border in dark mode and a soft shadow in light. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-xl border border-line bg-surface shadow-sm shadow-slate-900/5 dark:shadow-none',
        className,
      )}
      {...props}
    />
  );
}
