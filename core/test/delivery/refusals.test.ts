import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES, STUDIO_ERRORS } from '@stickerdrop/shared';
import {
  type Database,
  DomainError,
  requireCreator,
  requirePackOwner,
  requireTelegramDelivery,
  toggleLike,
} from '../../src/index.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');

describeEachDatabase('refusals core decides for every edge', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
  });
  afterEach(() => handle.close());

  it('a pack’s files are for owners of an edition: unknown pack, not bought, then bought', async () => {
    const pack = await insertPack(db, await createUser(db, { isCreator: true }), { title: 'Owned' });
    const buyer = await createUser(db);
    await expect(requirePackOwner(db, 999_999, buyer)).rejects.toMatchObject({
      code: 'not_found',
      message: MESSAGES.packNotFound,
    });
    await expect(requirePackOwner(db, pack, buyer)).rejects.toMatchObject({
      code: 'forbidden',
      message: MESSAGES.downloadRequiresPurchase,
    });
    await buyAndPay(db, buyer, pack, NOW);
    expect(await requirePackOwner(db, pack, buyer)).toMatchObject({ title: 'Owned', owned: true });
  });

  it('uploads and the studio are for creators, each refused in its own words', async () => {
    const collector = await createUser(db);
    await expect(requireCreator(db, collector, 'upload')).rejects.toMatchObject({
      code: 'forbidden',
      message: API_ERRORS.creatorsOnly,
    });
    await expect(requireCreator(db, collector, 'studio')).rejects.toMatchObject({
      code: 'forbidden',
      message: STUDIO_ERRORS.creatorsOnly,
    });
    await expect(requireCreator(db, 31_337, 'upload')).rejects.toBeInstanceOf(DomainError);
    const creator = await createUser(db, { isCreator: true });
    expect(await requireCreator(db, creator, 'upload')).toMatchObject({ id: creator, isCreator: true });
  });

  it('a like needs a pack that exists, and toggles', async () => {
    const fan = await createUser(db);
    await expect(toggleLike(db, fan, 424_242, NOW)).rejects.toMatchObject({ code: 'not_found' });
    const pack = await insertPack(db, await createUser(db, { isCreator: true }));
    expect(await toggleLike(db, fan, pack, NOW)).toEqual({ liked: true, likes: 1 });
    expect(await toggleLike(db, fan, pack, NOW)).toEqual({ liked: false, likes: 0 });
  });
});

it('Telegram makes sets and messages for a Telegram account, through a bot this deployment has', () => {
  expect(() => requireTelegramDelivery(-1, 'sticker-set', true)).toThrow(
    expect.objectContaining({ code: 'telegram_account_required', message: API_ERRORS.telegramAccountRequired }),
  );
  expect(() => requireTelegramDelivery(42, 'sticker-set', false)).toThrow(
    expect.objectContaining({ code: 'unavailable', message: API_ERRORS.telegramSetUnavailable }),
  );
  expect(() => requireTelegramDelivery(42, 'share-message', false)).toThrow(
    expect.objectContaining({ code: 'unavailable', message: API_ERRORS.shareMessageUnavailable }),
  );
  expect(() => requireTelegramDelivery(42, 'share-message', true)).not.toThrow();
});
