import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS, LoginCodeResponse } from '@stickerdrop/shared';
import { answerLoginCode, openLoginCode } from '@stickerdrop/core';
import { startTestServer, type TestServer } from './support/app-server';
import { PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';

const GRACE = { id: 4_242_001, first_name: 'Grace', username: 'grace' };

/**
 * Signing in on the plain web through the bot, as a person does it: the page shows a number, the bot (played
 * here by the same core calls it makes) asks for it, and only that number signs the browser in. The signed-in
 * browser then appears in the profile's sessions.
 */
describeBrowser('signing in on the web through the bot, with the number', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ demo: false });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Continue with Telegram; returns the code the page got and the number it shows. */
  async function startSignIn(page: Page) {
    // The bot link opens a tab on t.me; here it opens a blank page instead of leaving the machine.
    await page.context().route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '' }));
    const issued = page.waitForResponse((response) => response.url().endsWith('/api/auth/login-code'));
    await page.getByRole('button', { name: /with Telegram$/ }).click();
    const login = LoginCodeResponse.parse(await (await issued).json());
    const shown = page.locator('.login__match');
    await shown.waitFor();
    expect(await shown.textContent()).toBe(login.match);
    expect(await page.getByRole('status').filter({ has: shown }).textContent()).toContain(
      `Tap ${login.match} in Telegram`,
    );
    return login;
  }

  /** What the bot does when Grace opens the link and taps `choice`. */
  async function answerInTelegram(code: string, pick: (choices: string[]) => string) {
    const opened = await openLoginCode(server.db, code, GRACE, new Date());
    if (opened.status !== 'ask') throw new Error('the bot did not ask');
    return answerLoginCode(server.db, {
      codeId: opened.id,
      telegramUserId: GRACE.id,
      choice: pick(opened.choices),
      now: new Date(),
    });
  }

  it('a wrong number in Telegram cancels the sign-in, and the page says so', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/#/login`);
    const login = await startSignIn(page);
    expect(await answerInTelegram(login.code, (choices) => choices.find((c) => c !== login.match)!)).toBe('cancelled');

    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: 'Sign-in cancelled' }).waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toContain(API_ERRORS.loginCancelled);
    await page.getByRole('button', { name: 'Start again with Telegram' }).waitFor();
    expect(await page.locator('.login__match').count()).toBe(0);
    await screenshot(page, 'web-sign-in-cancelled-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the number the page shows signs the browser in; the profile lists the session and signs it out', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/#/login`);
    const login = await startSignIn(page);
    await screenshot(page, 'web-sign-in-number-390');
    expect(await answerInTelegram(login.code, () => login.match)).toBe('confirmed');
    await toast(page, 'Successfully logged in!').waitFor({ timeout: 10_000 });

    await page.goto(`${server.url}/#/profile`);
    const sessions = page.getByRole('region', { name: 'Where you are signed in' });
    const row = sessions.getByTestId('session');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('Web browser, signed in through the bot');
    expect(await row.textContent()).toContain('This device');
    await screenshot(page, 'web-profile-sessions-390');

    // Signing this session out is the logout: the server forgets it, the refresh token with it.
    const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await row.getByRole('button', { name: /^Sign out/ }).click();
    await toast(page, 'Logged out successfully').waitFor();
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/api/auth/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
        });
        return res.status;
      })
      .toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
