import {
  DEFAULT_PAGE_SIZE,
  FIRST_SCREEN_DATA_ID,
  STORAGE_KEYS,
  pictureScreenPath,
  type DocumentScreen,
  type FirstScreenData,
} from '@stickerdrop/shared';
import { apiUrl } from '../config';
import { isFirstMarketList, marketScreenList } from '../features/marketplace/market-query';
import { packListQuery, type PackListFilters } from '../features/packs/list-query';
import { startingLanguage, telegramLanguageCode } from '../i18n/detect';
import { applyLaunchTheme } from '../telegram/launch-theme';
import { isLaunchHash, openingRoute } from '../telegram/opening-route';
import { hasTelegramChannel } from '../telegram/sdk';
import type { FirstScreen } from './handoff';
import { pictureScreen } from './picture-screen';

/**
 * The first of the document's two inline scripts, in its head before the stylesheets: a script after them
 * would wait for them to load, and the picture's data must be asked for at once. It decides the route and
 * the look of the first screen, applies Telegram's theme and starts the data; draw.ts draws it.
 */
export function startFirstScreen(win: Window = window): FirstScreen | null {
  const launched = isLaunchHash(win.location.hash);
  // A launch address opened outside Telegram, or a reload inside it (Telegram's theme is no longer in the
  // address): the app alone draws those, as it always did.
  if (launched !== hasTelegramChannel(win)) return null;
  const launch = new URLSearchParams(launched ? win.location.hash.slice(1) : '');
  if (launched) applyLaunchTheme(launch.get('tgWebAppThemeParams'), win.document.documentElement);
  const route = openingRoute(win.location);
  const picture = pictureScreen(route);
  const market = marketScreenList(route);
  const platform = launch.get('tgWebAppPlatform');
  const language = startingLanguage({
    telegramCode: telegramLanguageCode(launch.get('tgWebAppData') ? win.location.hash : null),
    browser: win.navigator.language,
  });
  win.document.documentElement.lang = language;
  return {
    route,
    language,
    inside: launched,
    ios: platform === 'ios' || platform === 'macos',
    picture,
    data: picture ? screenData(win, picture, pictureScreenPath(picture)) : market ? marketData(win, market) : null,
    drawn: false,
  };
}

/**
 * The marketplace's first page: the one its document carries when it opens as it does from a Telegram link
 * (no search, no filter), else asked for at once, with the address's filters, as the page will ask.
 */
function marketData(win: Window, list: PackListFilters): Promise<unknown> | null {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(packListQuery(list, DEFAULT_PAGE_SIZE))) {
    if (value !== undefined) query.set(name, String(value));
  }
  const screen = isFirstMarketList(list) ? ({ kind: 'market' } as const) : null;
  return screenData(win, screen, `/api/stickers?${query.toString()}`);
}

/** The embedded data of `screen`, else the API's signed-out answer at `path`; null for a visitor with a session. */
function screenData(win: Window, screen: DocumentScreen | null, path: string): Promise<unknown> | null {
  const embedded = screen ? win.document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent : null;
  if (embedded) {
    try {
      const first = JSON.parse(embedded) as FirstScreenData;
      if (sameScreen(first, screen!)) return Promise.resolve(first.data);
    } catch {
      // Not ours to read: ask the API as for any other document.
    }
  }
  if (hasSession(win)) return null;
  return win
    .fetch(new URL(apiUrl(path), win.location.href), { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null);
}

const sameScreen = (first: DocumentScreen, screen: DocumentScreen) =>
  first.kind === screen.kind && (first.kind === 'market' || (screen.kind !== 'market' && first.id === screen.id));

/** A stored session: the app asks for that visitor's own view, and a second, signed-out read would count twice. */
function hasSession(win: Window): boolean {
  try {
    return win.localStorage.getItem(STORAGE_KEYS.accessToken) !== null;
  } catch {
    return false;
  }
}
