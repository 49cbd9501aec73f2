import { cva } from 'class-variance-authority';

// Kept apart from button.tsx so that file exports only components (fast refresh).

/** The visible keyboard focus ring every interactive element shares. */
export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-offset-2 focus-visible:ring-offset-page';

// The base classes are joined as they are (none conflicts): a class merge here, while the entry
// is evaluated, would build tailwind-merge's tables inside that one long task (main.tsx).
export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap select-none',
    'transition-[background-color,border-color,color,box-shadow,opacity] duration-150',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60',
    focusRing,
  ].join(' '),
  {
    variants: {
      variant: {
        // The one accent gradient; sky-700 → violet-600 keeps white text above 4.5:1.
        primary:
          'bg-linear-to-r from-sky-700 to-violet-600 text-white shadow-md shadow-violet-900/20 hover:from-sky-800 hover:to-violet-700',
        secondary: 'bg-raised text-ink hover:bg-line',
        outline: 'border border-line bg-transparent text-ink hover:bg-raised',
        ghost: 'bg-transparent text-ink hover:bg-raised',
        danger: 'bg-red-700 text-white hover:bg-red-800',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);
