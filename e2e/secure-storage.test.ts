import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';
import { recordScripts } from './support/js-requests';
import {
  LIGHT_THEME,
  SecureStorageDevice,
  THEME,
  openInTelegram,
  telegramEvents,
  type TelegramLaunch,
} from './support/telegram-mock';

const stored = (page: Page) =>
  page.evaluate(() => ({ access: localStorage.getItem('accessToken'), refresh: localStorage.getItem('refreshToken') }));

/** The session calls the page makes from now on: path and body of every POST to /api/auth/. */
function recordAuthCalls(page: Page): { path: string; body: unknown }[] {
  const calls: { path: string; body: unknown }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && pathname.startsWith('/api/auth/')) {
      calls.push({ path: pathname, body: request.postDataJSON() as unknown });
    }
  });
  return calls;
}

/** Signed in: the profile, a screen for signed-in people only, shows its Logout. */
async function profileShown(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/#/profile`);
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/**
 * A reload whose access token has expired: the start-up check's 401 makes the app refresh, with the refresh
 * token from wherever it keeps it, and the person stays signed in without signing in again.
 */
async function reloadWithExpiredAccess(page: Page, baseUrl: string, refreshToken: string) {
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired'));
  const calls = recordAuthCalls(page);
  await page.reload();
  // The app first opens its start screen (the launch names no other); going to the profile before that
  // would be overtaken by it on a slow machine.
  await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
  await profileShown(page, baseUrl);
  expect(calls.map((call) => call.path)).toEqual(['/api/auth/refresh']);
  expect(calls[0]!.body).toEqual({ refreshToken });
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await toast(page, 'Logged out successfully').waitFor();
}

function failingDevice(): SecureStorageDevice {
  const device = new SecureStorageDevice();
  device.failing = 'all';
  return device;
}

describeBrowser('the refresh token kept where Telegram keeps secrets', () => {
  let server: TestServer;
  let browser: Browser;
  let nextUserId = 777_000_300;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Launches the app as a Telegram client does and waits for the automatic sign-in. */
  async function launch(page: Page, launch: Omit<TelegramLaunch, 'botToken'>): Promise<void> {
    const id = nextUserId++;
    const user = { id, first_name: 'Sam', username: `sam_${id}` };
    await openInTelegram(page, server.url, { botToken: server.config.botToken!, user, ...launch });
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    await expect.poll(() => stored(page)).toMatchObject({ access: expect.any(String) });
  }

  it('inside a 9.0 client it lives in secure storage, not local storage; a reload refreshes with it; logout removes it', async () => {
    for (const size of [PHONE, DESKTOP]) {
      for (const scheme of ['dark', 'light'] as const) {
        const device = new SecureStorageDevice();
        const { context, page, errors } = await newPage(browser, size, scheme);
        const theme = scheme === 'dark' ? THEME : LIGHT_THEME;
        await launch(page, { version: '9.0', secureStorage: device, theme });
        await expect.poll(() => device.keys.get('refreshToken')).toEqual(expect.any(String));
        const signedIn = device.keys.get('refreshToken')!;
        expect((await stored(page)).refresh).toBeNull();

        // Read back from secure storage after a reload; the rotated token replaces it there.
        await reloadWithExpiredAccess(page, server.url, signedIn);
        await expect.poll(() => device.keys.get('refreshToken')).not.toBe(signedIn);
        expect(device.keys.get('refreshToken')).toEqual(expect.any(String));
        expect((await stored(page)).refresh).toBeNull();
        await screenshot(page, `secure-storage-profile-${size.width}-${scheme}`);

        await logout(page);
        await expect.poll(() => device.keys.has('refreshToken')).toBe(false);
        expect(await stored(page)).toEqual({ access: null, refresh: null });
        expect(device.calls).not.toContain('web_app_secure_storage_restore_key');
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('an older client, and one whose secure storage fails or is missing, keep it in local storage as before', async () => {
    const cases: { name: string; version: string; device?: SecureStorageDevice }[] = [
      { name: 'older', version: '8.0' },
      { name: 'failing', version: '9.0', device: failingDevice() },
      { name: 'unsupported', version: '9.0' },
    ];
    for (const { name, version, device } of cases) {
      const { context, page, errors } = await newPage(browser, PHONE, 'dark');
      await launch(page, { version, secureStorage: device });
      await expect.poll(async () => (await stored(page)).refresh).toEqual(expect.any(String));
      const signedIn = (await stored(page)).refresh!;
      expect(device?.keys.size ?? 0, name).toBe(0);
      const asked = (await telegramEvents(page)).filter((event) => event.type.startsWith('web_app_secure_storage_'));
      // The older client is never asked; the others once, at start-up, and the answer is believed.
      expect(
        asked.map((event) => event.type),
        name,
      ).toEqual(version === '8.0' ? [] : ['web_app_secure_storage_get_key']);

      await reloadWithExpiredAccess(page, server.url, signedIn);
      await expect.poll(async () => (await stored(page)).refresh).not.toBe(signedIn);
      await screenshot(page, `secure-storage-${name}-profile-390-dark`);
      await logout(page);
      expect(await stored(page)).toEqual({ access: null, refresh: null });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a save that fails keeps the token in local storage, and the next launch moves it into secure storage', async () => {
    const device = new SecureStorageDevice();
    device.failing = 'save';
    const { context, page, errors } = await newPage(browser, DESKTOP, 'light');
    await launch(page, { version: '9.0', secureStorage: device, theme: LIGHT_THEME });
    await expect.poll(async () => (await stored(page)).refresh).toEqual(expect.any(String));
    const signedIn = (await stored(page)).refresh!;
    expect(device.keys.size).toBe(0);

    device.failing = null;
    await page.reload();
    await expect.poll(() => device.keys.get('refreshToken')).toBe(signedIn);
    // Local storage lets it go once the client said it saved it: never a moment with the token in neither.
    await expect.poll(async () => (await stored(page)).refresh).toBeNull();
    await profileShown(page, server.url);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the plain web both tokens stay in local storage and no secure-storage code loads', async () => {
    for (const size of [PHONE, DESKTOP]) {
      for (const scheme of ['dark', 'light'] as const) {
        const { context, page, errors } = await newPage(browser, size, scheme);
        const scripts = recordScripts(page);
        await page.goto(`${server.url}/#/login`);
        await page.getByRole('button', { name: 'Continue as demo collector' }).click();
        await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
        await expect.poll(async () => (await stored(page)).refresh).toEqual(expect.any(String));
        const signedIn = (await stored(page)).refresh!;

        await reloadWithExpiredAccess(page, server.url, signedIn);
        await expect.poll(async () => (await stored(page)).refresh).not.toBe(signedIn);
        await screenshot(page, `web-tokens-profile-${size.width}-${scheme}`);
        await logout(page);
        expect(await stored(page)).toEqual({ access: null, refresh: null });
        const files = scripts.map(({ file }) => file);
        expect(files.filter((file) => /refresh-token-keeper|secure-storage|sdk-bundle/.test(file))).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
