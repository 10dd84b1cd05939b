import { nextTask } from '../components/next-task';
import { forgetLaunchTheme } from './launch-theme';
import { isLaunchHash, startRoute } from './opening-route';
import { PLAIN_WEB, type TelegramEnvironment } from './environment';
import { hasTelegramChannel, provideTelegramSdk } from './sdk';
import type * as Sdk from './sdk-bundle';
import { themeCssVarName } from './theme-vars';

/**
 * Sets the SDK up once (STYLE.md: the reactjs-template's init.ts): mounts the components the app uses,
 * binds theme and viewport CSS variables, expands and signals ready. On the plain web the SDK is never
 * loaded; every native call elsewhere goes through `telegramSdk()` and `ifAvailable`, so nothing throws.
 */
export async function initTelegram(): Promise<TelegramEnvironment> {
  if (!hasTelegramChannel()) return plainWeb();
  const sdk = await import('./sdk-bundle');
  // The chunk's evaluation and each step of the set-up below run as tasks of their own, not one long task
  // that holds the main thread. Every availability check of the SDK parses and validates the launch
  // parameters again (its synchronous isTMA), about 120 of them in this set-up: as two tasks, the second
  // took 20–25 ms here, four times that in Lighthouse's phone, the largest share of an edition's TBT.
  await nextTask();
  // The complete check asks the container for its theme; the synchronous one trusts stale session storage.
  if (!(await sdk.isTMA('complete'))) return plainWeb();
  const { backButton, closingBehavior, mainButton, miniApp, secondaryButton, themeParams, viewport } = sdk;
  // The SDK's first read of the launch parameters and of its stored state: a task apart from the theme's.
  sdk.init();
  await nextTask();
  // The container's theme, not the plain web's palette (web-palette.css), colours the page from now on,
  // in the same task as the theme's variables, so no frame shows one without the other.
  document.documentElement.classList.add('telegram');
  themeParams.mountSync.ifAvailable();
  if (!themeParams.isCssVarsBound()) themeParams.bindCssVars.ifAvailable(themeCssVarName);
  for (const step of [
    () => backButton.mount.ifAvailable(),
    () => mainButton.mount.ifAvailable(),
    // Older clients lack these (secondary button: 7.10): ifAvailable leaves them unmounted, never throws.
    () => secondaryButton.mount.ifAvailable(),
    () => closingBehavior.mount.ifAvailable(),
    () => {
      miniApp.mountSync.ifAvailable();
      if (!miniApp.isCssVarsBound()) miniApp.bindCssVars.ifAvailable();
    },
    () => mountViewport(viewport),
    () => miniApp.ready.ifAvailable(),
  ]) {
    await nextTask();
    step();
  }
  // Reading the launch parameters parses them in full once more: not in the last step's task.
  await nextTask();
  provideTelegramSdk(sdk);

  const launch = sdk.retrieveLaunchParams();
  const startParam = launch.tgWebAppStartParam ?? launch.tgWebAppData?.start_param ?? null;
  openStartRoute(startParam);
  return {
    inside: true,
    platform: launch.tgWebAppPlatform,
    rawInitData: sdk.retrieveRawInitData() ?? null,
    startParam,
  };
}

/** The viewport's size variables, and the app expanded to the full height. */
function mountViewport(viewport: typeof Sdk.viewport): void {
  if (viewport.mount.isAvailable()) {
    // Not awaited: the first paint must not wait for the container's viewport answer.
    viewport
      .mount()
      .then(() => {
        if (!viewport.isCssVarsBound()) viewport.bindCssVars.ifAvailable();
      })
      .catch((error: unknown) => console.warn('Telegram viewport could not be mounted', error));
  }
  viewport.expand.ifAvailable();
}

function plainWeb(): TelegramEnvironment {
  // The document's first screen took a launch address for Telegram's; this container is not.
  forgetLaunchTheme();
  trackWindowHeight();
  return PLAIN_WEB;
}

/**
 * Telegram puts its launch parameters in the URL hash, where the hash router expects a route. The SDK
 * has already kept them in session storage, so on first launch the hash becomes the app's start route:
 * `pack_<id>` opens that pack, `edition_<id>` the edition, `order_<packId>_<uuid>` the pack paying that order
 * (an accepted offer), anything else Home. A reload keeps whatever route the user was on.
 */
function openStartRoute(startParam: string | null): void {
  if (!isLaunchHash(window.location.hash)) return;
  // The query's start parameter has done its work: a reload on another route must not name that pack.
  const query = new URLSearchParams(window.location.search);
  query.delete('tgWebAppStartParam');
  const search = query.toString();
  const address = `${window.location.pathname}${search ? `?${search}` : ''}#${startRoute(startParam)}`;
  window.history.replaceState(window.history.state, '', address);
}

/** Outside Telegram the viewport-height variable follows the window (the SDK binds it inside). */
function trackWindowHeight(): void {
  const update = () => document.documentElement.style.setProperty('--tg-viewport-height', `${window.innerHeight}px`);
  update();
  window.addEventListener('resize', update);
}
