import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@stickerdrop/core/testing';
import { insertUser } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { expectAllRussian, russianUser, type RecordedCall } from '../support/russian.js';
import { callbackUpdate, photoUpdate, telegramUser, textUpdate } from '../support/updates.js';

const ivan = russianUser(6_780_001);

/** /becomecreator and /newpack with a Russian reader, and a step that fails ending the conversation, said so. */
describe('conversations in the reader’s language', () => {
  let t: Harness;
  beforeEach(async () => {
    t = await createHarness();
  });
  afterEach(() => t.close());

  // Inside a conversation the plugin calls Telegram through an API client of its own, past bot.api's
  // transformers: what was sent is read where it arrived, at the fake Bot API.
  const calls = (): RecordedCall[] =>
    t.api.actions.map((action) => ({ method: action.method, payload: action.params }));
  const texts = () => t.api.textsTo(ivan.id);
  const lastMessage = () => t.api.messagesTo(ivan.id).at(-1)!;

  it('/becomecreator asks, refuses a too long name in Russian, confirms and makes a creator', async () => {
    await t.send(textUpdate(ivan, '/becomecreator'));
    await t.send(textUpdate(ivan, 'Я'.repeat(200)));
    expect(texts().at(-1)).toMatch(/^Поле «Имя» — до \d+ символов\n\nКакое имя коллекционеры увидят/);
    await t.send(textUpdate(ivan, 'Иван Стикеров'));
    await t.send(textUpdate(ivan, '/skip'));
    expect(texts().at(-1)).toBe('<b>Стать автором?</b>\n\nИмя: Иван Стикеров\nО себе: —');
    await t.send(callbackUpdate(ivan, lastMessage().result, 'creator:yes'));
    expect(texts().at(-1)).toBe('Теперь вы автор!\nОтправьте /newpack, чтобы загрузить свой первый стикерпак.');
    const [user] = await t.db.select().from(tables.users).where(eq(tables.users.id, ivan.id));
    expect(user!.isCreator).toBe(true);
    await t.send(textUpdate(ivan, '/becomecreator'));
    expect(texts().at(-1)).toBe('Вы уже автор. Отправьте /newpack, чтобы загрузить стикерпак.');
    expectAllRussian(calls(), ['Иван Стикеров']);
  });

  it('/newpack: creators only, then the questions and their refusals in Russian', async () => {
    await t.send(textUpdate(ivan, '/newpack'));
    expect(texts().at(-1)).toContain('<b>Нужен доступ автора</b>');
    await insertUser(t.db, { id: ivan.id, isCreator: true });
    await t.send(textUpdate(ivan, '/newpack'));
    expect(texts().at(-1)).toMatch(/^Отправьте стикеры пака/);
    await t.send(textUpdate(ivan, '/done'));
    expect(texts().at(-1)).toMatch(/^Выберите файл изображения\n\nОтправьте стикеры пака/);
    await t.send(textUpdate(ivan, '/cancel'));
    expect(texts().at(-1)).toBe('Отменено.');
    expectAllRussian(calls());
  });

  for (const [who, user, apology] of [
    ['Russian', ivan, 'Что-то пошло не так. Попробуйте ещё раз.'],
    ['English', telegramUser(6_780_002, 'Carla', 'carla'), 'Something went wrong. Please try again.'],
  ] as const) {
    it(`a step that throws ends the conversation with a message (${who})`, async () => {
      await insertUser(t.db, { id: user.id, isCreator: true });
      await t.send(textUpdate(user, '/newpack'));
      // A photo Telegram can no longer give the bot: fetching it fails, and nothing in the step expects that.
      await t.send(photoUpdate(user, { file_id: 'gone', file_unique_id: 'ugone', file_size: 1000 }));
      expect(t.api.textsTo(user.id).at(-1)).toBe(apology);
      expect(t.log.errors()).toHaveLength(1);
      // The conversation is over: the next text is not taken as an answer, it gets the welcome.
      const conversations = await t.db.select().from(tables.botSessions);
      expect(conversations.filter((row) => JSON.stringify(row).includes('newPack'))).toEqual([]);
      await t.send(textUpdate(user, '/done'));
      expect(t.api.textsTo(user.id).at(-1)).not.toMatch(/images?|изображени/i);
    });
  }
});
