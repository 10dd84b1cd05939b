import { afterEach, beforeEach, expect, it } from 'vitest';
import { issueTonProofPayload, signInPruner, silentLogger } from '@stickerdrop/core';
import { pruneExpiredTonProofs, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';

const MINUTE_MS = 60_000;

describeEachDatabase('pruning expired TON proof payloads', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const payloadRows = () => t.db.select().from(tables.tonProofPayloads);

  it('deletes the expired ones in batches and keeps one that can still be used', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 3; i++) await issueTonProofPayload(t.db, user.id, t.clock.now);
    t.clock.advance(10 * MINUTE_MS);
    const live = await issueTonProofPayload(t.db, user.id, t.clock.now);
    expect(await payloadRows()).toHaveLength(4);

    expect(await pruneExpiredTonProofs(t.db, t.clock.now, 2)).toEqual({ tonProofPayloads: 2, more: true });
    expect(await pruneExpiredTonProofs(t.db, t.clock.now, 2)).toEqual({ tonProofPayloads: 1, more: false });
    const left = await payloadRows();
    expect(left.map((row) => row.expiresAt.getTime())).toEqual([live.expiresAt.getTime()]);
  });

  it('keeps a payload until the moment it expires', async () => {
    const user = await createUser(t);
    const { expiresAt } = await issueTonProofPayload(t.db, user.id, t.clock.now);
    expect(await pruneExpiredTonProofs(t.db, new Date(expiresAt.getTime() - 1))).toEqual({
      tonProofPayloads: 0,
      more: false,
    });
    expect(await pruneExpiredTonProofs(t.db, expiresAt)).toEqual({ tonProofPayloads: 1, more: false });
  });

  it('is part of the sign-in prune job the API runs', async () => {
    const user = await createUser(t);
    const { expiresAt } = await issueTonProofPayload(t.db, user.id, t.clock.now);
    const job = signInPruner(t.db, { every: 10, now: () => expiresAt, log: silentLogger });
    job.start();
    try {
      await expect.poll(async () => (await payloadRows()).length).toBe(0);
    } finally {
      await job.stop();
    }
  });
});
