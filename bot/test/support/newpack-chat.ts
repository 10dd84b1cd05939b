import { tables } from '@stickerdrop/core/testing';
import type { Harness } from './harness.js';
import { callbackUpdate, documentUpdate, telegramUser, textUpdate } from './updates.js';

export const carla = telegramUser(7_770_001, 'Carla', 'carla');
export type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>> };

/** Carla's chat with the bot while she creates a pack with /newpack; `harness` is read on each call. */
export function newpackChat(harness: () => Harness) {
  const say = (text: string) => harness().send(textUpdate(carla, text));
  const lastText = () => harness().api.textsTo(carla.id).at(-1) ?? '';
  const lastMessage = () => harness().api.messagesTo(carla.id).at(-1)!;
  const packs = () => harness().db.select().from(tables.packs);

  async function sendDocument(bytes: Buffer, mime: string, name: string, caption?: string) {
    const t = harness();
    const file = t.api.addFile(bytes, name.split('.').pop());
    await t.send(documentUpdate(carla, file, mime, name, caption));
    return file;
  }

  /** The rest of /newpack after the stickers, with every optional answer skipped, up to the summary. */
  async function answerToSummary(title: string) {
    await say('/done');
    await say(title);
    await say('/skip');
    await say('2');
    await harness().send(callbackUpdate(carla, lastMessage().result, 'category:food'));
    await say('10');
    for (let i = 0; i < 3; i++) await say('/skip');
  }

  /** The same, confirmed. */
  async function finishPack(title: string) {
    await answerToSummary(title);
    await harness().send(callbackUpdate(carla, lastMessage().result, 'pack:yes'));
  }

  return { say, lastText, lastMessage, packs, sendDocument, answerToSummary, finishPack };
}
