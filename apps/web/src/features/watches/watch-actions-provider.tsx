import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, X } from 'lucide-react';
import { focusRing } from '../../components/ui/button-variants';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session-context';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';
import {
  WatchActionsContext,
  type WatchActionsControls,
  type WatchTarget,
} from '../../lib/watch-actions-context';

// The dialog brings the forms and the shared schemas: loaded on first use, not with the shell.
const WatchDialog = lazy(() =>
  import('./watch-dialog').then((module) => ({ default: module.WatchDialog })),
);

/**
 * The one watch dialog, mounted once by the app; `watch` opens it for a target. A guest is
 * asked to sign in first. Auto-Book, once set, is confirmed in a notice that stays until
 * dismissed (part 2 §2's "Auto-booking initiated for …").
 */
export function WatchActionsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const { openSignIn } = useSignInDialog();
  const [state, setState] = useState<{ target: WatchTarget; instance: number; open: boolean }>();
  const [notice, setNotice] = useState<{ text: string; id: number } | null>(null);

  const watch = useCallback(
    (target: WatchTarget) => {
      if (status === 'guest') {
        openSignIn('login', { stay: true });
        return;
      }
      setState((previous) => ({ target, instance: (previous?.instance ?? 0) + 1, open: true }));
    },
    [status, openSignIn],
  );
  const controls = useMemo<WatchActionsControls>(() => ({ watch }), [watch]);

  return (
    <WatchActionsContext.Provider value={controls}>
      {children}
      {state ? (
        <Suspense fallback={null}>
          <WatchDialog
            key={state.instance}
            target={state.target}
            open={state.open}
            onOpenChange={(open) =>
              setState((previous) => (previous ? { ...previous, open } : previous))
            }
            onAutoBookStarted={(destination) =>
              setNotice((last) => ({
                text: t('watches.autoBookStarted', { destination }),
                id: (last?.id ?? 0) + 1,
              }))
            }
          />
        </Suspense>
      ) : null}
      {/* Always in the page, so the notice is announced when it appears. */}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4"
      >
        {notice ? (
          <div
            key={notice.id}
            data-testid="auto-book-notice"
            className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 shadow-lg motion-safe:animate-pop-in dark:border-emerald-400/30 dark:bg-emerald-950 dark:text-emerald-100"
          >
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="flex-1">{notice.text}</p>
            <button
              type="button"
              aria-label={t('watches.dismiss')}
              onClick={() => setNotice(null)}
              className={cn(
                '-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-lg hover:bg-emerald-100 dark:hover:bg-emerald-900',
                focusRing,
              )}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </WatchActionsContext.Provider>
  );
}
