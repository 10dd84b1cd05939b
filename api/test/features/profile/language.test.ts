import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AuthResponse, Profile, ProfileUpdateResponse } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { signInWithTelegram } from '../../auth-helpers.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';

describeEachDatabase('the language stored on the user', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { demo: true } });
  });
  afterEach(() => t.close());

  const languageOf = async (id: number) =>
    (await t.db.select().from(tables.users).where(eq(tables.users.id, id)))[0]!.language;
  const getProfile = async (user: TestUser) =>
    Profile.parse((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers })).json());
  const putProfile = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: user.headers, payload });

  it('the first Telegram sign-in takes it from language_code: ru, uk, be, kk read Russian, others English', async () => {
    const cases = [
      ['ru', 'ru'],
      ['uk', 'ru'],
      ['be', 'ru'],
      ['kk-KZ', 'ru'],
      ['en', 'en'],
      ['de', 'en'],
    ] as const;
    let id = 7100;
    for (const [code, expected] of cases) {
      const signedIn = await signInWithTelegram(t, { id: ++id, first_name: 'Ann', language_code: code });
      expect(signedIn.user.language, code).toBe(expected);
      expect(await languageOf(id)).toBe(expected);
    }
    const silent = await signInWithTelegram(t, { id: ++id, first_name: 'Bo' });
    expect(silent.user.language).toBeNull();
  });

  it('a later sign-in in another language keeps the stored one', async () => {
    await signInWithTelegram(t, { id: 7200, first_name: 'Ann', language_code: 'ru' });
    const again = await signInWithTelegram(t, { id: 7200, first_name: 'Ann', language_code: 'en' });
    expect(again.user.language).toBe('ru');
  });

  it('PUT /api/users/profile switches it, GET returns it, and Telegram does not override the choice', async () => {
    const signedIn = await signInWithTelegram(t, { id: 7300, first_name: 'Ann', language_code: 'en' });
    const user = { id: 7300, token: signedIn.tokens.accessToken, headers: signedIn.headers };
    const res = await putProfile(user, { displayName: 'Anna', language: 'ru' });
    expect(res.statusCode).toBe(200);
    const body = ProfileUpdateResponse.parse(res.json());
    expect(body.user.language).toBe('ru');
    expect(body.profile.language).toBe('ru');
    expect((await getProfile(user)).language).toBe('ru');
    await signInWithTelegram(t, { id: 7300, first_name: 'Ann', language_code: 'en' });
    expect(await languageOf(7300)).toBe('ru');
  });

  it('a PUT without language leaves it; an unknown language is a 400 that changes nothing', async () => {
    const user = await createUser(t, { language: 'ru', displayName: 'Kept' });
    expect((await putProfile(user, { displayName: 'New' })).statusCode).toBe(200);
    expect(await languageOf(user.id)).toBe('ru');
    const bad = await putProfile(user, { displayName: 'Other', language: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: expect.any(String) });
    const row = (await t.db.select().from(tables.users).where(eq(tables.users.id, user.id)))[0]!;
    expect(row).toMatchObject({ language: 'ru', displayName: 'New' });
  });

  it('a user who never chose has null in GET', async () => {
    const user = await createUser(t);
    expect((await getProfile(user)).language).toBeNull();
  });

  it('the web’s demo sign-in may pass the browser’s language; a stored one is kept', async () => {
    const demo = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/demo', payload });
    const first = AuthResponse.parse((await demo({ as: 'collector', language: 'ru' })).json());
    expect(first.user.language).toBe('ru');
    const later = AuthResponse.parse((await demo({ as: 'collector', language: 'en' })).json());
    expect(later.user.language).toBe('ru');
    expect((await demo({ as: 'collector', language: 'fr' })).statusCode).toBe(400);
  });
});
