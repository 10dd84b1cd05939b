import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, PROFILE_LIMITS, Profile, ProfileUpdateResponse } from '@stickerdrop/shared';
import { getProfile, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';

describeEachDatabase('/api/users/profile', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const getMine = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers });
  const put = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: user.headers, payload });
  const rowOf = async (id: number) => (await t.db.select().from(tables.users).where(eq(tables.users.id, id)))[0]!;

  let nextSerial = 1;
  /** A pack and `sales` editions of it, sold to `buyer` at `priceNano` each. */
  async function packWithSales(creatorId: number, buyerId: number, sales: number, priceNano: bigint) {
    const [pack] = await t.db
      .insert(tables.packs)
      .values({ creatorId, title: 'Pack', priceNano, maxSupply: 100 })
      .returning();
    for (let i = 0; i < sales; i++) {
      const [order] = await t.db
        .insert(tables.orders)
        .values({
          userId: buyerId,
          packId: pack!.id,
          status: 'paid',
          paymentMethod: 'demo',
          amountNano: priceNano,
          expiresAt: t.clock.now,
        })
        .returning();
      await t.db.insert(tables.editions).values({
        packId: pack!.id,
        serial: nextSerial++,
        ownerId: buyerId,
        orderId: order!.id,
        purchasePriceNano: priceNano,
      });
    }
    return pack!;
  }

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/profile', payload: { bio: 'x' } });
    expect(put.statusCode).toBe(401);
  });

  it('a new user: zero figures and fallbacks (display name from first_name, empty bio and website)', async () => {
    const user = await createUser(t, { firstName: 'Alan' });
    const res = await getMine(user);
    expect(res.statusCode).toBe(200);
    expect(Profile.parse(res.json())).toEqual({
      displayName: 'Alan',
      bio: '',
      website: '',
      stickersCreated: 0,
      stickersSold: 0,
      totalEarnings: '0.00',
      stickersPurchased: 0,
      primarySales: 0,
      primaryRevenue: '0.00',
      resales: 0,
      resaleProceeds: '0.00',
      royaltiesPaid: '0.00',
      royaltiesOwed: '0.00',
      totalSpent: '0.00',
      language: null,
    });
  });

  it('computes the figures from packs and editions', async () => {
    const creator = await createCreator(t, { firstName: 'Maker' });
    const buyer = await createUser(t);
    const other = await createCreator(t);
    await packWithSales(creator.id, buyer.id, 2, 1_500_000_000n);
    await packWithSales(creator.id, buyer.id, 1, 250_000_000n);
    await packWithSales(creator.id, buyer.id, 0, 1_000_000_000n);
    // Someone else's sales, and the creator buying someone else's pack.
    await packWithSales(other.id, buyer.id, 3, 9_000_000_000n);
    await packWithSales(other.id, creator.id, 1, 2_000_000_000n);

    expect(Profile.parse((await getMine(creator)).json())).toMatchObject({
      stickersCreated: 3,
      stickersSold: 3,
      totalEarnings: '3.25',
      stickersPurchased: 1,
    });
    expect(Profile.parse((await getMine(buyer)).json())).toMatchObject({
      stickersCreated: 0,
      stickersSold: 0,
      totalEarnings: '0.00',
      stickersPurchased: 6,
    });
    expect(await getProfile(t.db, other.id)).toMatchObject({
      stickersCreated: 2,
      stickersSold: 4,
      totalEarnings: '29.00',
    });
    expect(await getProfile(t.db, 987_654)).toBeNull();
  });

  it('earnings stay exact beyond floating-point precision', async () => {
    const creator = await createCreator(t);
    const buyer = await createUser(t);
    await packWithSales(creator.id, buyer.id, 3, 999_999_999_999_999_999n);
    expect((await getProfile(t.db, creator.id))!.totalEarnings).toBe('2999999999.999999997');
  });

  it('PUT saves the profile (trimmed) and returns the user and the profile', async () => {
    const user = await createUser(t, { firstName: 'Alan' });
    const res = await put(user, {
      displayName: '  Turing ',
      bio: 'Computing machinery',
      website: 'https://example.org',
    });
    expect(res.statusCode).toBe(200);
    const body = ProfileUpdateResponse.parse(res.json());
    expect(body.user).toMatchObject({
      displayName: 'Turing',
      bio: 'Computing machinery',
      website: 'https://example.org',
    });
    expect(body.profile).toMatchObject({ displayName: 'Turing', bio: 'Computing machinery' });
    expect(Profile.parse((await getMine(user)).json()).website).toBe('https://example.org');

    // Clearing a field brings the fallback back.
    const cleared = ProfileUpdateResponse.parse((await put(user, { displayName: '', bio: '', website: '' })).json());
    expect(cleared.user).toMatchObject({ displayName: null, bio: null, website: null });
    expect(cleared.profile).toMatchObject({ displayName: 'Alan', bio: '', website: '' });
  });

  it('bad input is a 400 and changes nothing', async () => {
    const user = await createUser(t, { displayName: 'Before', bio: 'Old bio', website: 'https://old.example' });
    const before = await rowOf(user.id);

    const badWebsite = await put(user, { displayName: 'After', bio: 'New', website: 'javascript:alert(1)' });
    expect(badWebsite.statusCode).toBe(400);
    expect(badWebsite.json()).toEqual({ error: API_ERRORS.invalidWebsite });

    const notUrl = await put(user, { displayName: 'After', bio: 'New', website: 'not a url' });
    expect(notUrl.statusCode).toBe(400);

    const longBio = await put(user, { displayName: 'After', bio: 'x'.repeat(PROFILE_LIMITS.bio + 1), website: '' });
    expect(longBio.statusCode).toBe(400);
    expect(longBio.json()).toEqual({ error: `Bio must be at most ${PROFILE_LIMITS.bio} characters` });

    const longName = await put(user, { displayName: 'x'.repeat(PROFILE_LIMITS.displayName + 1) });
    expect(longName.statusCode).toBe(400);

    const wrongType = await put(user, { displayName: 42 });
    expect(wrongType.statusCode).toBe(400);

    expect(await rowOf(user.id)).toEqual(before);
  });

  it('a token for a user that no longer exists is a 401', async () => {
    const user = await createUser(t);
    await t.db.delete(tables.users).where(eq(tables.users.id, user.id));
    expect((await getMine(user)).statusCode).toBe(401);
    expect((await put(user, { bio: 'x' })).statusCode).toBe(401);
  });
});
