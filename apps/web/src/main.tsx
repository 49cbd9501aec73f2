import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './styles/globals.css';
import { restoreLanguage } from './lib/i18n';
import { AppRoot } from './app/app-root';
import { createAppRouter } from './app/router';
import { startScreenReads } from './app/startup-reads';
import { startsVisit } from './components/layout/start-of-visit';

restoreLanguage();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const loadingScreen = startsVisit(window.location.pathname);
// The router asks for the screen's code, then the screen's first reads set off beside it.
const router = createAppRouter();
startScreenReads(window.location.pathname);
const root = createRoot(container);
// The first render is a transition, so React builds the shell in short slices rather than one
// long task (the static first frame in index.html stays on screen meanwhile).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppRoot router={router} loadingScreen={loadingScreen} />
    </StrictMode>,
  );
});
