import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_DATA_ID, STORAGE_KEYS } from '@stickerdrop/shared';
import { startFirstScreen } from '../../src/first-screen/start';
import { forgetLaunchTheme } from '../../src/telegram/launch-theme';
import { fakeApi, json } from '../support/fake-api';
import { packDetail } from '../support/data';

const telegramWindow = window as Window & { TelegramWebviewProxy?: { postEvent(): void } };

/** The address Telegram opens the app at: the start parameter in the query, the launch parameters in the hash. */
function launchAt(startParam: string | null, platform = 'android') {
  const launch = new URLSearchParams({
    tgWebAppData: 'user=%7B%7D',
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#17212b', hint_color: '#708499' }),
  });
  const query = startParam ? `?tgWebAppStartParam=${startParam}` : '';
  window.history.replaceState(null, '', `/${query}#${launch.toString()}`);
  telegramWindow.TelegramWebviewProxy = { postEvent: () => undefined };
}

function embed(data: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_SCREEN_DATA_ID;
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

afterEach(() => {
  delete telegramWindow.TelegramWebviewProxy;
  document.getElementById(FIRST_SCREEN_DATA_ID)?.remove();
  forgetLaunchTheme();
  window.history.replaceState(null, '', '/');
});

describe("the document's first screen: what it draws and what it asks for", () => {
  it("draws in the browser's language on the web, as the app will start, and says so in <html lang>", () => {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('ru-RU');
    window.location.hash = '#/marketplace';
    expect(startFirstScreen()?.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    window.location.hash = '';
  });

  it('draws the route of the address on the web, with no data to ask for on Home', () => {
    const { calls } = fakeApi({});
    window.location.hash = '#/profile';
    expect(startFirstScreen()).toEqual({
      route: '/profile',
      language: 'en',
      inside: false,
      ios: false,
      picture: null,
      data: null,
      drawn: false,
    });
    window.location.hash = '';
    expect(startFirstScreen()).toMatchObject({ route: '/', data: null });
    expect(calls).toEqual([]);
  });

  it("asks the API at once for the marketplace's first page, with the address's filters", async () => {
    const page = { items: [], nextCursor: null };
    const { calls } = fakeApi({ 'GET /api/stickers': () => json(page) });
    window.location.hash = '#/marketplace?category=food&maxPrice=2&view=list&market=resale';
    const first = startFirstScreen()!;
    expect(await first.data).toEqual(page);
    expect(calls.map((call) => call.path)).toEqual([
      '/api/stickers?search=&sort=trending&category=food&maxPrice=2&availability=resale&limit=24',
    ]);
  });

  it('opens the marketplace from a Telegram link with the first page the server embedded, asking nothing', async () => {
    const page = { items: [{ id: 1 }], nextCursor: 'c' };
    const { calls } = fakeApi({});
    embed({ kind: 'market', data: page });
    launchAt('market');
    const first = startFirstScreen()!;
    expect(first).toMatchObject({ route: '/marketplace', inside: true, picture: null });
    expect(await first.data).toEqual(page);
    expect(calls).toEqual([]);
  });

  it("asks the API for a pack's public data at once when the visitor has no session", async () => {
    const pack = packDetail({ id: 7, title: 'Night Owls' });
    const { calls } = fakeApi({ 'GET /api/stickers/7': () => json(pack) });
    window.location.hash = '#/sticker?id=7';
    const first = startFirstScreen()!;
    expect(first.picture).toEqual({ kind: 'pack', id: 7 });
    expect(await first.data).toEqual(pack);
    expect(calls).toEqual([{ method: 'GET', path: '/api/stickers/7', body: undefined, authorization: null }]);
  });

  it('leaves a visitor with a session to the app, which asks for their own view', () => {
    const { calls } = fakeApi({});
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    window.location.hash = '#/edition?id=12';
    const first = startFirstScreen()!;
    expect(first.picture).toEqual({ kind: 'edition', id: 12 });
    expect(first.data).toBeNull();
    expect(calls).toEqual([]);
  });

  it('resolves to null when the API has no such pack, and the app shows its not-found page', async () => {
    fakeApi({ 'GET /api/stickers/9': () => json({ error: 'Pack not found' }, 404) });
    window.location.hash = '#/sticker?id=9';
    expect(await startFirstScreen()!.data).toBeNull();
  });

  it('opens a Telegram launch on the pack its start parameter names, with the data the server embedded', async () => {
    const pack = packDetail({ id: 7 });
    const { calls } = fakeApi({});
    embed({ kind: 'pack', id: 7, data: pack });
    launchAt('pack_7', 'ios');
    const first = startFirstScreen()!;
    expect(first).toMatchObject({ route: '/sticker?id=7', inside: true, ios: true, picture: { kind: 'pack', id: 7 } });
    expect(await first.data).toEqual(pack);
    expect(calls).toEqual([]);
  });

  it('asks the API when the embedded data is for another screen', async () => {
    const { calls } = fakeApi({ 'GET /api/editions/3': () => json({ id: 3 }) });
    embed({ kind: 'pack', id: 3, data: packDetail({ id: 3 }) });
    launchAt('edition_3');
    expect(await startFirstScreen()!.data).toEqual({ id: 3 });
    expect(calls.map((call) => call.path)).toEqual(['/api/editions/3']);
  });

  it("colours the page with Telegram's launch theme before anything is drawn, and can take it back", () => {
    launchAt(null);
    expect(startFirstScreen()).toMatchObject({ route: '/', inside: true, ios: false });
    const root = document.documentElement;
    expect(root.classList.contains('telegram')).toBe(true);
    expect(root.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
    // Text colours go raw, for telegram-palette.css to make legible (as the SDK binds them later).
    expect(root.style.getPropertyValue('--tg-raw-hint-color')).toBe('#708499');
    forgetLaunchTheme();
    expect(root.classList.contains('telegram')).toBe(false);
    expect(root.style.getPropertyValue('--tg-theme-bg-color')).toBe('');
  });

  it('draws nothing for a launch address outside Telegram or a reload inside it: the app alone knows those', () => {
    launchAt('pack_7');
    delete telegramWindow.TelegramWebviewProxy;
    expect(startFirstScreen()).toBeNull();
    window.history.replaceState(null, '', '/#/sticker?id=7');
    telegramWindow.TelegramWebviewProxy = { postEvent: () => undefined };
    expect(startFirstScreen()).toBeNull();
    expect(document.documentElement.classList.contains('telegram')).toBe(false);
  });
});
