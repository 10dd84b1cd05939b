import { Composer, InlineKeyboard } from 'grammy';
import { createConversation } from '@grammyjs/conversations';
import {
  CATEGORIES,
  DEFAULT_ROYALTY_BPS,
  DEFAULT_STICKER_EMOJI,
  MAX_EDITION_SIZE,
  MAX_EMOJI_PER_STICKER,
  MAX_STICKERS_PER_PACK,
  MESSAGES,
  MIN_EDITION_SIZE,
  MIN_PRICE,
  RESALE_ERRORS,
  errorTextIn,
  formatTon,
  parsePrice,
  parseStickerEmoji,
  royaltyBpsOfPercent,
  splitEmoji,
  type PackKind,
} from '@stickerdrop/shared';
import { createPack, getUserById, requireCreator, validatePackFields } from '@stickerdrop/core';
import type { BotContext, ConversationContext } from '../context.js';
import { chatTextOf } from '../views/domain-errors.js';
import { openPackKeyboard } from '../views/keyboards.js';
import type { Reader } from '../i18n.js';
import { categoryLabel, countIn, escapeHtml, packSummary } from '../views/texts.js';
import {
  askButton,
  askText,
  beginStep,
  commandOf,
  waitForMessage,
  type BotConversation,
  type Step,
} from './conversation-kit.js';
import { checkImage, downloadImages, imageCandidate } from './create-pack-images.js';

/**
 * `/newpack` (creators only): sticker images, then title, description, price, category and edition
 * size, each checked by the API's own rules as it arrives; a summary; and on confirm the same service
 * as `POST /api/stickers` creates the pack.
 */
const CONVERSATION = 'newPack';

type PackFieldsInput = Parameters<typeof validatePackFields>[0];

/** The API's verdict on one field (the others filled with valid values): its message, or null. */
function fieldProblem(reader: Reader, fields: Partial<PackFieldsInput>, now?: Date): string | null {
  try {
    validatePackFields({ title: 'x', price: '1', ...fields }, { type: 'image/png', size: 1 }, now);
    return null;
  } catch (error) {
    const refusal = chatTextOf(error, reader);
    if (refusal !== null) return refusal;
    throw error;
  }
}

interface CollectedStickers {
  fileIds: string[];
  /** One list per file, in order: a forwarded sticker's own, the caption's, or the creator's answer. */
  emoji: string[][];
}

async function collectImages(step: Step, kind: PackKind): Promise<CollectedStickers> {
  const { conversation, ctx, reader } = step;
  const askImages = reader.t('ask-images', { max: MAX_STICKERS_PER_PACK });
  const imageRequired = errorTextIn(reader.language, MESSAGES.imageRequired);
  await ctx.reply(askImages);
  const collected: CollectedStickers = { fileIds: [], emoji: [] };
  for (;;) {
    const reply = await waitForMessage(conversation, ['done']);
    if (commandOf(reply.message) === 'done') {
      if (collected.fileIds.length > 0) return collected;
      await reply.reply(`${imageRequired}\n\n${askImages}`);
      continue;
    }
    const candidate = imageCandidate(reply.message);
    const problem = candidate
      ? await conversation.external((outside) => checkImage(outside.services, candidate, kind, reader))
      : imageRequired;
    if (problem !== null) {
      await reply.reply(`${problem}\n\n${askImages}`);
      continue;
    }
    collected.emoji.push(candidate!.emoji ?? (await askStickerEmoji(step)));
    collected.fileIds.push(candidate!.fileId);
    if (collected.fileIds.length >= MAX_STICKERS_PER_PACK) {
      await ctx.reply(reader.t('images-full', { max: MAX_STICKERS_PER_PACK }));
      return collected;
    }
    await ctx.reply(reader.t('image-accepted', { count: collected.fileIds.length }));
  }
}

/** The emoji a sticker stands for (Telegram's emoji_list), typed by the creator; /skip gives the default. */
async function askStickerEmoji(step: Step): Promise<string[]> {
  const { t } = step.reader;
  const question = t('ask-sticker-emoji', { max: MAX_EMOJI_PER_STICKER, emoji: DEFAULT_STICKER_EMOJI });
  const text = await askText(step, question, {
    validate: (typed) =>
      parseStickerEmoji([splitEmoji(typed) ?? []], 1)
        ? null
        : t('sticker-emoji-invalid', { max: MAX_EMOJI_PER_STICKER }),
    skippable: true,
  });
  return text ? parseStickerEmoji([splitEmoji(text)!], 1)![0]! : [DEFAULT_STICKER_EMOJI];
}

/**
 * Fair drops: the per-collector cap and the drop's opening, both skippable. The time is typed in UTC
 * (the question says so) and checked against the conversation's replay-safe clock.
 */
async function askDropSettings(
  step: Step,
  maxSupply: number,
): Promise<{ maxPerUser: number | null; dropsAt: string | null }> {
  const { reader } = step;
  const maxText = await askText(step, reader.t('ask-max-per-user'), {
    validate: (maxPerUser) => fieldProblem(reader, { maxSupply, maxPerUser }),
    skippable: true,
  });
  const now = new Date(await step.conversation.now());
  const dropText = await askText(step, reader.t('ask-drops-at'), {
    validate: (text) => fieldProblem(reader, { dropsAt: utcDropTime(text) }, now),
    skippable: true,
  });
  return { maxPerUser: maxText ? Number(maxText) : null, dropsAt: dropText ? utcDropTime(dropText) : null };
}

/** "2026-12-01 18:00" (UTC, as asked) → "2026-12-01T18:00Z"; anything else passes as is and is refused. */
function utcDropTime(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?: ?UTC)?$/i.exec(text.trim());
  return match ? `${match[1]}T${match[2]}Z` : text.trim() || 'invalid';
}

/** Title, description, price, category, edition size and royalty, each checked as it arrives. */
async function askPackFields(step: Step) {
  const { reader } = step;
  const { t, language } = reader;
  const title = await askText(step, t('ask-title'), { validate: (title) => fieldProblem(reader, { title }) });
  const description = await askText(step, t('ask-description'), {
    validate: (description) => fieldProblem(reader, { description }),
    skippable: true,
  });
  const priceText = await askText(
    step,
    t('ask-price', { min: MIN_PRICE.replace('.', language === 'en' ? '.' : ',') }),
    {
      validate: (price) => fieldProblem(reader, { price }),
    },
  );
  const categories = new InlineKeyboard();
  CATEGORIES.forEach((category, i) => {
    categories.text(categoryLabel(reader, category), `category:${category}`);
    if (i % 2 === 1) categories.row();
  });
  const { value: category } = await askButton(step, t('ask-category'), categories, 'category', t('choose-category'));
  const sizes = { min: countIn(language, MIN_EDITION_SIZE), max: countIn(language, MAX_EDITION_SIZE) };
  const maxSupply = Number(
    await askText(step, t('ask-edition-size', sizes), {
      validate: (maxSupply) =>
        /^\d+$/.test(maxSupply.trim()) ? fieldProblem(reader, { maxSupply }) : t('edition-size-invalid', sizes),
    }),
  );
  const royaltyText = await askText(step, t('ask-royalty'), {
    validate: (text) =>
      royaltyBpsOfPercent(text) === null ? errorTextIn(language, RESALE_ERRORS.invalidRoyalty) : null,
    skippable: true,
  });
  const royaltyBps = royaltyText ? royaltyBpsOfPercent(royaltyText)! : DEFAULT_ROYALTY_BPS;
  return { title, description, priceText, category, maxSupply, royaltyBps };
}

async function newPackConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const step = await beginStep(conversation, ctx);
  const { reader } = step;
  const { t } = reader;
  // `/newpack emoji` makes a custom emoji pack (100×100); a plain `/newpack` a sticker pack.
  const kind: PackKind = /^\/newpack(@\w+)?\s+emoji\b/i.test(ctx.message?.text ?? '') ? 'emoji' : 'stickers';
  const { fileIds, emoji } = await collectImages(step, kind);
  const fields = await askPackFields(step);
  const { maxPerUser, dropsAt } = await askDropSettings(step, fields.maxSupply);

  const price = formatTon(parsePrice(fields.priceText)!);
  const summary = packSummary(reader, { images: fileIds.length, ...fields, price, maxPerUser, dropsAt });
  const keyboard = new InlineKeyboard().text(t('confirm'), 'pack:yes').text(t('cancel'), 'pack:no');
  const answer = await askButton(step, summary, keyboard, 'pack');
  if (answer.value !== 'yes') {
    await answer.ctx.reply(t('cancelled'));
    return;
  }

  await answer.ctx.reply(t('creating'));
  const creatorId = ctx.from!.id;
  const { priceText, ...rest } = fields;
  const input = { ...rest, price: priceText, tags: [], maxPerUser, dropsAt, kind, emoji };
  const outcome = await conversation.external(async ({ services }): Promise<{ packId: number } | { error: string }> => {
    try {
      await requireCreator(services.db, creatorId, 'upload');
      const images = await downloadImages(services, fileIds);
      return { packId: await createPack(services, creatorId, { ...input, images }) };
    } catch (error) {
      const refusal = chatTextOf(error, reader);
      if (refusal !== null) return { error: refusal };
      services.log.error({ err: error, creatorId }, 'creating a pack from the bot failed');
      return { error: t('create-failed') };
    }
  });
  if ('error' in outcome) {
    await answer.ctx.reply(escapeHtml(outcome.error), { parse_mode: 'HTML' });
    return;
  }
  await answer.ctx.reply(t('sticker-created'), {
    reply_markup: openPackKeyboard(ctx.me.username, outcome.packId, t('open-pack')),
  });
}

/** Installed with the other conversations, ahead of every command, so an active one gets its updates. */
export const createPackConversationMiddleware = createConversation<BotContext, ConversationContext>(
  newPackConversation,
  CONVERSATION,
);

export const createPackFeature = new Composer<BotContext>();

createPackFeature.command('newpack', async (ctx) => {
  const user = await getUserById(ctx.services.db, ctx.from!.id);
  if (!user?.isCreator) {
    return ctx.reply(ctx.t('creator-access-required'), { parse_mode: 'HTML' });
  }
  await ctx.conversation.enter(CONVERSATION);
});
