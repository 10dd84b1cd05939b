import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Database } from '@stickerdrop/core';
import { enqueueOutboxMessages, outboxKey, outboxMessage, tables } from '@stickerdrop/core/testing';
import { describeEachDatabase, freshDatabase } from '../../helpers.js';

const dropOpened = (userId: number) =>
  outboxMessage('drop_opened', { packId: 7, userId, title: 'Cats' }, outboxKey.drop_opened(7, userId));

describeEachDatabase('the outbox writer', (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ db, close } = await freshDatabase(kind));
  });
  afterEach(() => close());

  const rows = () => db.select().from(tables.outbox).orderBy(tables.outbox.id);

  it('refuses a payload its kind does not describe before writing any row of the batch', async () => {
    const bad = outboxMessage(
      'drop_opened',
      { packId: 7, userId: 'not a number' } as never,
      outboxKey.drop_opened(7, 2),
    );
    await expect(enqueueOutboxMessages(db, [dropOpened(1), bad])).rejects.toThrow(/drop_opened payload refused/);
    expect(await rows()).toEqual([]);
  });

  it('writes a long list in several statements, in order, and a repeated key once', async () => {
    const messages = Array.from({ length: 1201 }, (_, i) => dropOpened(i + 1));
    expect(await enqueueOutboxMessages(db, messages)).toBe(true);
    expect(await enqueueOutboxMessages(db, [dropOpened(5)])).toBe(false);
    expect(await enqueueOutboxMessages(db, [])).toBe(false);
    const written = await rows();
    expect(written).toHaveLength(1201);
    expect(written.map((row) => (row.payload as { userId: number }).userId)).toEqual(messages.map((_, i) => i + 1));
    expect(written[0]).toMatchObject({ kind: 'drop_opened', dedupeKey: 'drop_opened:7:1', status: 'pending' });
  });
});
