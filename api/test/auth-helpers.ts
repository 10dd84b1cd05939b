import type { AuthResponse } from '@stickerdrop/shared';
import { signInitData } from '@stickerdrop/core';
import { type TelegramUserFields } from '@stickerdrop/core/testing';
import type { TestApp } from './helpers.js';

export interface SignedInUser extends AuthResponse {
  headers: { authorization: string };
}

/** Init data for this user, signed with the app's bot token and dated by the app's clock. */
export function initDataFor(t: Pick<TestApp, 'app'>, tgUser: TelegramUserFields, authDate?: number): string {
  const botToken = t.app.deps.config.botToken;
  if (!botToken) throw new Error('signInWithTelegram needs a config with botToken');
  return signInitData({ user: tgUser, auth_date: authDate ?? Math.floor(t.app.deps.now().getTime() / 1000) }, botToken);
}

/** Signs in through the real POST /api/auth/telegram with freshly signed init data. */
export async function signInWithTelegram(t: Pick<TestApp, 'app'>, tgUser: TelegramUserFields): Promise<SignedInUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/telegram',
    payload: { initData: initDataFor(t, tgUser) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as AuthResponse;
  return { ...body, headers: { authorization: `Bearer ${body.tokens.accessToken}` } };
}
