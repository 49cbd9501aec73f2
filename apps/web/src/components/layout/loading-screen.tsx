import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADING_SCREEN_MS } from '@vowa/shared/app/timings';
import { Button } from '../ui/button';
import { LogoMark } from './logo';

/**
 * The start-up screen (part 1 §2): shown when a visit starts (see `startsVisit`) until
 * LOADING_SCREEN_MS passes or the person presses Skip Loading. The app mounts behind it
 * meanwhile. `onDone` must be stable (useCallback), or the timer restarts on every render.
 */
export function LoadingScreen({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(onDone, LOADING_SCREEN_MS);
    return () => window.clearTimeout(timer);
  }, [onDone]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-8 bg-page px-6 text-center"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(14,165,233,0.18),transparent_55%),radial-gradient(ellipse_at_bottom,rgba(124,58,237,0.18),transparent_55%)]"
      />
      <div className="relative flex flex-col items-center gap-4">
        <LogoMark className="size-20 shadow-xl shadow-violet-900/30 motion-safe:animate-pulse" />
        <p className="text-4xl font-bold tracking-tight text-ink">{t('app.name')}</p>
        <p className="max-w-xs text-ink-muted">{t('loading.tagline')}</p>
      </div>
      <div className="relative w-56">
        <div className="h-1.5 overflow-hidden rounded-full bg-raised">
          <div className="h-full w-2/5 rounded-full bg-linear-to-r from-sky-500 to-violet-600 animate-progress" />
        </div>
        <p className="mt-3 text-sm text-ink-muted">{t('loading.progress')}</p>
      </div>
      <Button variant="outline" className="relative" onClick={onDone}>
        {t('loading.skip')}
      </Button>
    </div>
  );
}
