import type { ComponentProps } from 'react';
import type { VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { buttonVariants } from './button-variants';
import { Spinner } from './spinner';

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Disables the button and shows the spec's 'Loading...' text. */
    loading?: boolean;
    /** Text shown while loading, when the spec asks for something other than 'Loading...'. */
    loadingText?: string;
    /** Renders the child (a Link, for example) with the button's look. */
    asChild?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  loading = false,
  loadingText,
  asChild = false,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const { t } = useTranslation();
  if (asChild) {
    return (
      <Slot.Root className={cn(buttonVariants({ variant, size }), className)} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <>
          <Spinner />
          {loadingText ?? t('common.loading')}
        </>
      ) : (
        children
      )}
    </button>
  );
}
