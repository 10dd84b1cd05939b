import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, DROP_ERRORS, MESSAGES, STUDIO_ERRORS, StudioPackResponse } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { authHeaders, createPack } from '../orders/fixtures.js';
import { ownedEdition } from '../resale/fixtures.js';
import { tables } from '@stickerdrop/core/testing';

const HOUR_MS = 60 * 60 * 1000;

describeEachDatabase('PATCH /api/studio/packs/:id', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const patch = async (user: TestUser | null, id: number | string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/studio/packs/${id}`,
      headers: user ? await authHeaders(t, user) : {},
      payload: payload as object,
    });
  const packRow = async (id: number) => (await t.db.select().from(tables.packs).where(eq(tables.packs.id, id)))[0]!;

  it('changes the description and tags after sales; the answer is the studio row', async () => {
    const { pack } = await ownedEdition(t);
    const res = await patch(pack.creator, pack.id, { description: '  Now with hats  ', tags: 'cats, hats, cats' });
    expect(res.statusCode).toBe(200);
    const { pack: shown } = StudioPackResponse.parse(res.json());
    expect(shown).toMatchObject({ id: pack.id, description: 'Now with hats', tags: ['cats', 'hats'], sold: 1 });
    expect(await packRow(pack.id)).toMatchObject({ description: 'Now with hats', tags: ['cats', 'hats'] });
    expect((await patch(pack.creator, pack.id, { tags: ['a', 'b'] })).json().pack.tags).toEqual(['a', 'b']);
  });

  it('moves a drop time only before the drop opens', async () => {
    const pack = await createPack(t);
    const now = t.clock.now.getTime();
    await t.db
      .update(tables.packs)
      .set({ dropsAt: new Date(now + HOUR_MS) })
      .where(eq(tables.packs.id, pack.id));
    const later = new Date(now + 5 * HOUR_MS).toISOString();
    const moved = await patch(pack.creator, pack.id, { dropsAt: later });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().pack).toMatchObject({ dropsAt: later, dropStatus: 'scheduled' });

    // In the past, without a zone, or cleared: refused, nothing changes.
    for (const dropsAt of [new Date(now - HOUR_MS).toISOString(), '2030-01-01T10:00', '']) {
      const res = await patch(pack.creator, pack.id, { dropsAt });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: DROP_ERRORS.invalidDropsAt });
    }
    expect((await packRow(pack.id)).dropsAt?.toISOString()).toBe(later);

    t.clock.advance(6 * HOUR_MS);
    const opened = await patch(pack.creator, pack.id, { dropsAt: new Date(now + 9 * HOUR_MS).toISOString() });
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toEqual({ error: STUDIO_ERRORS.dropTimeLocked });
    // A pack on sale from the start has no drop to move.
    const plain = await createPack(t);
    const res = await patch(plain.creator, plain.id, { dropsAt: new Date(now + 9 * HOUR_MS).toISOString() });
    expect(res.statusCode).toBe(409);
  });

  it('refuses every other field, and a request with nothing to change', async () => {
    const { pack } = await ownedEdition(t);
    for (const payload of [{ price: '0.5' }, { title: 'New' }, { description: 'ok', maxSupply: 5 }]) {
      const res = await patch(pack.creator, pack.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: STUDIO_ERRORS.onlyEditable });
    }
    expect((await patch(pack.creator, pack.id, {})).json()).toEqual({ error: STUDIO_ERRORS.nothingToChange });
    const row = await packRow(pack.id);
    expect([row.title, row.priceNano, row.maxSupply, row.description]).toEqual(['Space Cats', 1_000_000_000n, 100, '']);
  });

  it('refuses bad input with a clear 400, never a 500', async () => {
    const pack = await createPack(t);
    const cases: [unknown, string][] = [
      [{ description: 'x'.repeat(1001) }, API_ERRORS.descriptionTooLong],
      [{ description: 'bad\u0000text' }, 'Description must not contain control characters'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, API_ERRORS.tooManyTags],
      [{ tags: ['x'.repeat(33)] }, API_ERRORS.tagTooLong],
      [{ description: 42 }, 'description must be a string'],
      [{ tags: 7 }, 'tags is invalid'],
      [{ dropsAt: { at: 1 } }, 'dropsAt must be a string'],
    ];
    for (const [payload, error] of cases) {
      const res = await patch(pack.creator, pack.id, payload);
      expect([res.statusCode, res.json()]).toEqual([400, { error }]);
    }
    const array = await patch(pack.creator, pack.id, [1, 2]);
    expect(array.statusCode).toBe(400);
    expect(typeof array.json().error).toBe('string');
  });

  it('only the creator: 401 signed out, 403 a collector or another creator, 404 no such pack', async () => {
    const pack = await createPack(t);
    expect((await patch(null, pack.id, { description: 'x' })).statusCode).toBe(401);
    const collector = await createUser(t);
    expect((await patch(collector, pack.id, { description: 'x' })).json()).toEqual({
      error: STUDIO_ERRORS.creatorsOnly,
    });
    const rival = await createCreator(t);
    const res = await patch(rival, pack.id, { description: 'x' });
    expect([res.statusCode, res.json()]).toEqual([403, { error: STUDIO_ERRORS.notYourPack }]);
    for (const id of [424242, 'abc', '99999999999']) {
      const missing = await patch(rival, id, { description: 'x' });
      expect([missing.statusCode, missing.json()]).toEqual([404, { error: MESSAGES.packNotFound }]);
    }
    expect((await packRow(pack.id)).description).toBe('');
  });
});
