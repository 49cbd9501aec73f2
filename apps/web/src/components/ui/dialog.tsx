import { useRef, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { focusRing } from './button-variants';

/**
 * A modal dialog on Radix (focus trap, Escape, outside click, aria wiring). Centred card on
 * larger screens, a full-height sheet on phones (UI.md).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  header,
  onCloseClick,
  fitOnPhones = false,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Visible text under the title; also the dialog's accessible description. */
  description?: ReactNode;
  /** When given, a top-right X button with this accessible name closes the dialog. */
  closeLabel?: string;
  /**
   * When given, the X button calls this instead of closing (Escape and outside clicks still
   * close through onOpenChange).
   */
  onCloseClick?: () => void;
  /** Rendered above the title (a back button, for example). */
  header?: ReactNode;
  children?: ReactNode;
  /**
   * On phones, a sheet from the bottom as tall as its content instead of the full height: for
   * short dialogs, which would otherwise leave most of the screen empty.
   */
  fitOnPhones?: boolean;
  className?: string;
}) {
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-testid="dialog-backdrop"
          className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in"
        />
        <RadixDialog.Content
          // Without a description Radix would warn; an explicit undefined opts out.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed z-50 flex flex-col overflow-y-auto bg-surface text-ink shadow-2xl shadow-slate-950/30',
            fitOnPhones
              ? 'inset-x-0 bottom-0 max-h-dvh w-full rounded-t-2xl border-t border-line p-6 pt-5'
              : 'inset-0 h-dvh w-full p-6 pt-5',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-auto sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:max-w-md',
            'sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-line sm:p-8',
            'focus:outline-none data-[state=open]:animate-pop-in',
            className,
          )}
          onOpenAutoFocus={(event) => {
            // Focus has not moved yet: remember where it was, to go back there on close.
            returnFocus.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // Start in the first field of a form, or on the control marked data-autofocus (a safe
            // choice), rather than on the close button, whose action may not be harmless.
            const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              '[data-autofocus], input:not([type=hidden]):not([disabled])',
            );
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            // Radix returns focus to a Dialog.Trigger; these dialogs are opened by plain
            // buttons, so focus goes back to whatever had it before, when it is still there.
            const target = returnFocus.current;
            returnFocus.current = null;
            if (target && target.isConnected && target !== document.body) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {header ? (
            <div className="-mt-1 mb-3 flex min-h-10 items-center justify-between gap-2 pr-10">
              <div>{header}</div>
            </div>
          ) : null}
          {closeLabel ? (
            // In the corner rather than on a row of its own, so no empty band sits above the title.
            <RadixDialog.Close
              aria-label={closeLabel}
              onClick={
                onCloseClick
                  ? (event) => {
                      event.preventDefault();
                      onCloseClick();
                    }
                  : undefined
              }
              className={cn(
                'absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-xl text-ink-muted hover:bg-raised hover:text-ink sm:top-5 sm:right-5',
                focusRing,
              )}
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          ) : null}
          <RadixDialog.Title
            className={cn(
              'text-2xl font-bold tracking-tight text-ink',
              closeLabel && !header && 'pr-10',
            )}
          >
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1.5 text-sm text-ink-muted">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className="mt-6">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
