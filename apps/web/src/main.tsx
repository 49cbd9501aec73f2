import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './styles/globals.css';
import i18n, { restoreLanguage } from './lib/i18n';
import { warmUpIntlOffMainThread } from './lib/warm-up-intl';
import { DEFAULT_DISPLAY_CURRENCY } from '@vowa/shared/travel/travel-constants';
import { AppRoot } from './app/app-root';
import { createAppRouter } from './app/router';
import { startScreenReads } from './app/startup-reads';
import { startsVisit } from './components/layout/start-of-visit';
import { cn } from './lib/cn';
import { yieldToMain } from './lib/yield-to-main';

restoreLanguage();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const loadingScreen = startsVisit(window.location.pathname);

/**
 * Starts the app in short tasks rather than one: on a slow phone the entry's evaluation, the
 * router's route table, the first class merge and the first render each took tens of
 * milliseconds, and as one task they held the page for over a hundred (issue 10 part 11).
 */
async function startApp(root: HTMLElement) {
  // ICU's locale data, which the first amount or date shown would load on this thread.
  warmUpIntlOffMainThread(i18n.language, DEFAULT_DISPLAY_CURRENCY);
  await yieldToMain();
  // The screen's first reads set off first; then the router asks for the screen's code.
  startScreenReads(window.location.pathname);
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  // tailwind-merge builds its tables on its first call: alone, not inside the first render.
  cn('');
  await yieldToMain();
  const reactRoot = createRoot(root);
  // The first render is a transition, so React builds the shell in short slices rather than
  // one long task (the static first frame in index.html stays on screen meanwhile).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppRoot router={router} loadingScreen={loadingScreen} />
      </StrictMode>,
    );
  });
}

void startApp(container);
