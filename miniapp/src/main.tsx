// telegram-ui's styles first, so the app's own rules override them.
import '@telegram-apps/telegram-ui/dist/styles.css';
import './app/web-palette.css';
import './app/telegram-palette.css';
import './app/global.css';
import './app/layout/layout.css';
import './app/controls.css';
// The pack and edition pages' picture frame: the document's first screen draws the picture in it (first-screen/).
import './features/packs/detail-picture.css';
// The pack grid and the skeleton cards the first screen draws on Home inside Telegram and the marketplace.
import './features/packs/pack-grid.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiContext } from './api/create-api';
import { localTokenStore } from './api/token-store';
import { createQueryClient } from './app/query-client';
import { loadDateData, loadTimeFormats } from './components/date-data';
import { nextTask } from './components/next-task';
import { Root } from './app/Root';
import { prefetchScreenData } from './app/screen-data';
import { preloadScreen } from './app/screens';
import { config, MOCK_TELEGRAM } from './config';
import { loadNumberData } from './i18n/format';
import { intlLocale } from './i18n/i18n';
import { warmUpIntl } from './i18n/intl-warm-up';
import { startingLanguage, switchLanguage, telegramLanguageCode } from './i18n/language';
import { pictureScreen } from './first-screen/picture-screen';
import { openingRoute } from './telegram/opening-route';
import { initTelegram } from './telegram/init';
import { refreshTokenPlace } from './telegram/refresh-token-place';

/** How long the document's first screen may stand while the app waits for the screen's data. */
const FIRST_SCREEN_WAIT_MS = 3_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function start(): Promise<void> {
  // The one last shown here, else Telegram's language_code from the launch address, else the browser's.
  const chosen = startingLanguage({
    telegramCode: telegramLanguageCode(window.location.hash),
    browser: navigator.language,
  });
  const refreshToken = refreshTokenPlace();
  const api = createApiContext(config.apiUrl, localTokenStore(undefined, refreshToken.findKeeper));
  const queryClient = createQueryClient();
  // The first screen the document drew (first-screen/), with the data it has or asked for: that data is the
  // signed-out view, so a visitor with a session asks for their own.
  const first = window.stickerdropFirstScreen ?? null;
  const fromDocument = api.tokens.access() === null ? (first?.data ?? null) : null;
  // The screen the address names, and its data, start loading now, beside Telegram's set-up, not after
  // the first render.
  const route = first?.route ?? openingRoute(window.location);
  const dataLoaded = prefetchScreenData(route, queryClient, api.api, fromDocument);
  // Every chunk the first screen needs is asked for in one task (the language's texts, the secure storage's
  // code, the screen's own), so they load as one wave: one asked for a task earlier could arrive on a busy
  // phone before the rest were even asked for. Not in the entry module's task: asking for a screen's chunks
  // adds a link for each, long enough on a slow phone to count against blocking time.
  await nextTask();
  // The language first, so every chunk asked for below brings its texts in it.
  let language = switchLanguage(chosen);
  refreshToken.requestCode();
  const screenLoaded = preloadScreen(route);
  // The language's Intl data loads on a worker thread meanwhile; its script is asked for with the chunks.
  const intlLoaded = warmUpIntl([intlLocale(chosen)]);
  // A pack's or an edition's page shows dates (its price chart, its activity): their formats are made
  // while the data is on its way, not inside the render that shows them.
  if (pictureScreen(route)) {
    void intlLoaded
      .then(nextTask)
      .then(loadDateData)
      .then(nextTask)
      .then(() => loadTimeFormats(chosen));
  }
  // The figures' number formats likewise, for any screen (Home's and the marketplace's tiles, prices).
  void intlLoaded.then(nextTask).then(() => loadNumberData(chosen));
  if (import.meta.env.DEV && MOCK_TELEGRAM) await (await import('./mockEnv')).mockTelegramForDevelopment();
  const telegram = await initTelegram().catch((error: unknown) => {
    // A container that answers oddly must not leave a blank page: run as the plain web app.
    console.error('Telegram SDK set-up failed; continuing as a web page', error);
    return { inside: false, platform: null, rawInitData: null, startParam: null };
  });
  refreshToken.settle(telegram.inside);
  // Init data the launch address did not carry (a reload inside Telegram): its language_code decides now.
  const fromTelegram = telegramLanguageCode(telegram.rawInitData);
  if (fromTelegram) language = switchLanguage(startingLanguage({ telegramCode: fromTelegram }));
  // React replaces the document's first screen at its first render: not before it can draw the same screen
  // (its chunk and data in), or a spinner would stand in the picture's place meanwhile. A slow API gets
  // the app's own loading state after a while, as before.
  if (first?.drawn) await Promise.race([Promise.all([screenLoaded, dataLoaded]), delay(FIRST_SCREEN_WAIT_MS)]);
  // Never a first render in the other language: Home's texts in the chosen one are small and already asked for.
  await language.catch((error: unknown) => console.error('Texts of the chosen language failed to load', error));
  // Not in the task that read Telegram's launch parameters and moved to the start route.
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  // As a transition React renders the first tree in slices of a few milliseconds, yielding between them,
  // instead of one task of ~300 ms on a mid-range phone that blocks every tap until it ends (total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Root telegram={telegram} api={api} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start();
