import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOT_USER } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser } from '../support/fixtures.js';
import { createHarness, PUBLIC_URL, type Harness } from '../support/harness.js';
import { inlineQueryUpdate, telegramUser } from '../support/updates.js';
import { tables } from '@stickerdrop/core/testing';

const dana = telegramUser(8_880_001, 'Dana', 'dana');

interface ArticleResult {
  type: string;
  id: string;
  title: string;
  description: string;
  thumbnail_url?: string;
  input_message_content: { message_text: string; parse_mode: string };
  reply_markup: { inline_keyboard: Array<Array<{ text: string; url: string }>> };
}

describe('inline sharing', () => {
  let t: Harness;
  beforeEach(async () => {
    t = await createHarness();
  });
  afterEach(() => t.close());

  const answer = () => {
    const call = t.api.callsTo('answerInlineQuery').at(-1)!;
    return { call, results: call.params.results as ArticleResult[] };
  };

  it('lists matching packs with title, price, thumbnail and an Open button on the startapp link', async () => {
    const creator = await insertUser(t.db, { id: 900, firstName: 'Carla', isCreator: true });
    const cats = await insertPack(t, creator, { title: 'Space Cats', price: '1.5', maxSupply: 10 });
    // Search reads tags too: the dogs are tagged as dogs, so 'cats' must not find them.
    await insertPack(t, creator, { title: 'Ocean Dogs', price: '2', tags: ['dogs'] });
    const soldOut = await insertPack(t, creator, { title: 'Cats of Rome', price: '0.5', maxSupply: 1 });
    await t.db.update(tables.packs).set({ soldCount: 1 }).where(eq(tables.packs.id, soldOut));

    const update = inlineQueryUpdate(dana, 'cats');
    await t.send(update);

    const { call, results } = answer();
    expect(call.params.inline_query_id).toBe(update.inline_query!.id);
    expect(results.map((result) => result.title).sort()).toEqual(['Cats of Rome', 'Space Cats']);
    const space = results.find((result) => result.title === 'Space Cats')!;
    expect(space).toMatchObject({ type: 'article', id: `pack_${cats}` });
    expect(space.description).toBe('1.50 TON · 10 of 10 left · limited edition');
    expect(space.thumbnail_url).toMatch(new RegExp(`^${PUBLIC_URL}/files/previews/[0-9a-f-]+\\.webp$`));
    expect(space.input_message_content.message_text).toContain('<b>Space Cats</b>');
    expect(space.input_message_content.parse_mode).toBe('HTML');
    expect(space.reply_markup.inline_keyboard[0]![0]).toEqual({
      text: 'Open',
      url: `https://t.me/${BOT_USER.username}?startapp=pack_${cats}`,
    });
    expect(results.find((result) => result.title === 'Cats of Rome')!.description).toBe('0.50 TON · Sold out');
    expect(call.params.next_offset).toBe('');
  });

  it('an empty query lists the catalogue, a page at a time through next_offset', async () => {
    const creator = await insertUser(t.db, { id: 901, isCreator: true });
    for (let i = 0; i < 22; i++) {
      await t.db
        .insert(tables.packs)
        .values({ creatorId: creator, title: `Pack ${i}`, priceNano: 1_000_000_000n, maxSupply: 5 });
    }
    await t.send(inlineQueryUpdate(dana, ''));
    const first = answer();
    expect(first.results).toHaveLength(20);
    expect(first.results[0]!.thumbnail_url).toBeUndefined(); // no preview, no thumbnail
    const offset = String(first.call.params.next_offset);
    expect(offset).not.toBe('');

    await t.send(inlineQueryUpdate(dana, '', offset));
    const second = answer();
    expect(second.results).toHaveLength(2);
    const ids = new Set([...first.results, ...second.results].map((result) => result.id));
    expect(ids.size).toBe(22);
    expect(second.call.params.next_offset).toBe('');
  });

  it('answers an empty list when nothing matches, and survives a garbled offset', async () => {
    await t.send(inlineQueryUpdate(dana, 'nothing like this'));
    expect(answer().results).toEqual([]);
    await t.send(inlineQueryUpdate(dana, '', 'not-a-cursor'));
    expect(t.api.callsTo('answerInlineQuery')).toHaveLength(2);
    expect(t.log.errors()).toEqual([]);
  });
});
