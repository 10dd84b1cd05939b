import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PROFILE_LIMITS, UserResponse } from '@stickerdrop/shared';
import { becomeCreator, DomainError } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('becoming a creator', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const post = (user: TestUser | null, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/become-creator',
      headers: user?.headers ?? {},
      ...(payload && { payload }),
    });
  const rowOf = async (id: number) => (await t.db.select().from(tables.users).where(eq(tables.users.id, id)))[0]!;

  it('needs a signed-in user', async () => {
    expect((await post(null, {})).statusCode).toBe(401);
  });

  it('sets isCreator and the given details; /me shows it', async () => {
    const user = await createUser(t);
    const res = await post(user, { displayName: ' Studio Ghibli ', bio: 'Hand-drawn' });
    expect(res.statusCode).toBe(200);
    const { user: dto } = UserResponse.parse(res.json());
    expect(dto).toMatchObject({ id: user.id, isCreator: true, displayName: 'Studio Ghibli', bio: 'Hand-drawn' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(me.json().user.isCreator).toBe(true);
  });

  it('without details (or without a body) keeps the existing display name and bio', async () => {
    const user = await createUser(t, { displayName: 'Kept', bio: 'Also kept' });
    const res = await post(user);
    expect(res.statusCode).toBe(200);
    expect(UserResponse.parse(res.json()).user).toMatchObject({
      isCreator: true,
      displayName: 'Kept',
      bio: 'Also kept',
    });
  });

  it('bad details are a 400 and change nothing', async () => {
    const user = await createUser(t);
    const before = await rowOf(user.id);
    const res = await post(user, { bio: 'x'.repeat(PROFILE_LIMITS.bio + 1) });
    expect(res.statusCode).toBe(400);
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('the bot’s service: same effect, validation as a DomainError, null for an unknown user', async () => {
    const user = await createUser(t);
    expect(await becomeCreator(t.db, user.id, { bio: 'From the bot' })).toMatchObject({
      isCreator: true,
      bio: 'From the bot',
    });
    await expect(becomeCreator(t.db, user.id, { displayName: 'x'.repeat(100) })).rejects.toBeInstanceOf(DomainError);
    expect((await rowOf(user.id)).displayName).toBeNull();
    expect(await becomeCreator(t.db, 55_555_555)).toBeNull();
  });
});
