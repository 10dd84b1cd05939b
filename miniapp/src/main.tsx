// telegram-ui's styles first, so the app's own rules override them.
import '@telegram-apps/telegram-ui/dist/styles.css';
import './app/web-palette.css';
import './app/telegram-palette.css';
import './app/global.css';
import './app/layout/layout.css';
import './app/controls.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiContext } from './api/create-api';
import { createQueryClient } from './app/query-client';
import { Root } from './app/Root';
import { prefetchScreenData } from './app/screen-data';
import { preloadScreen } from './app/screens';
import { config, MOCK_TELEGRAM } from './config';
import { initTelegram, openingRoute } from './telegram/init';

async function start(): Promise<void> {
  const api = createApiContext(config.apiUrl);
  const queryClient = createQueryClient();
  // The screen the address names, and its data, start loading now, beside Telegram's set-up, not after
  // the first render.
  const route = openingRoute();
  preloadScreen(route);
  prefetchScreenData(route, queryClient, api.api);
  if (import.meta.env.DEV && MOCK_TELEGRAM) await (await import('./mockEnv')).mockTelegramForDevelopment();
  const telegram = await initTelegram().catch((error: unknown) => {
    // A container that answers oddly must not leave a blank page: run as the plain web app.
    console.error('Telegram SDK set-up failed; continuing as a web page', error);
    return { inside: false, platform: null, rawInitData: null, startParam: null };
  });
  const root = createRoot(document.getElementById('root')!);
  // As a transition React renders the first tree in slices of a few milliseconds, yielding between them,
  // instead of one task of ~300 ms on a mid-range phone that blocks every tap until it ends (issue 22, TBT).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Root telegram={telegram} api={api} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start();
