import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './styles/globals.css';
import { restoreLanguage } from './lib/i18n';
import { AppRoot } from './app/app-root';
import { createAppRouter } from './app/router';
import { startsVisit } from './components/layout/start-of-visit';

restoreLanguage();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppRoot router={createAppRouter()} loadingScreen={startsVisit(window.location.pathname)} />
  </StrictMode>,
);
