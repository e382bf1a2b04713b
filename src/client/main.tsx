import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prepareLanguage } from './i18n/i18n';
import { afterFirstPaint } from './lib/after-first-paint';
import { startRouteCode } from './app/start-route-code';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startRouteCode();

// French texts are fetched before the first paint when French is the language (English is built in).
void prepareLanguage()
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

if (import.meta.env.PROD) {
  // Off the start path: the service worker only matters from the second visit on, so its code is
  // fetched once the first page is painted and the browser is idle.
  const register = () => void import('./app/register-sw').then(({ registerServiceWorker }) => registerServiceWorker());
  afterFirstPaint(() => {
    if (window.requestIdleCallback) window.requestIdleCallback(register, { timeout: 2000 });
    else setTimeout(register, 200);
  });
}
