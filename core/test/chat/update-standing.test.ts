import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { banUser, handledUpdates, readUpdateStanding } from '../../src/index.js';
import { tables } from '../../src/testing.js';
import { describeWithFreshDatabase } from '../support/db.js';
import { createUser } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');

/** The bot's one read per update: whether it was handled, whether its sender is banned, and their language. */
describeWithFreshDatabase('an update’s standing', (database) => {
  it('answers each of updates asked together for its own update and sender', async () => {
    const db = database();
    const [plain, russian, banned, operator] = [
      await createUser(db),
      await createUser(db),
      await createUser(db),
      await createUser(db),
    ];
    await db.update(tables.users).set({ language: 'ru' }).where(eq(tables.users.id, russian));
    await banUser(db, { operatorId: operator, userId: banned, reason: 'stolen artwork', now: NOW });
    await handledUpdates.record(db, 11, NOW);

    const standings = await Promise.all([
      readUpdateStanding(db, 10, plain),
      readUpdateStanding(db, 11, russian),
      readUpdateStanding(db, 12, banned),
      readUpdateStanding(db, 13, null),
      readUpdateStanding(db, 14, 999_999_999),
    ]);

    expect(standings).toEqual([
      { handled: false, banned: false, language: null },
      { handled: true, banned: false, language: 'ru' },
      { handled: false, banned: true, language: null },
      { handled: false, banned: false, language: null },
      { handled: false, banned: false, language: null },
    ]);
  });
});
