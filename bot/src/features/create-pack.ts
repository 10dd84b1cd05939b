import { Composer, InlineKeyboard } from 'grammy';
import { createConversation } from '@grammyjs/conversations';
import {
  CATEGORIES,
  DEFAULT_ROYALTY_BPS,
  DEFAULT_STICKER_EMOJI,
  MAX_STICKERS_PER_PACK,
  MESSAGES,
  RESALE_ERRORS,
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
import { CATEGORY_LABELS, TEXTS, escapeHtml } from '../views/texts.js';
import { askButton, askText, commandOf, waitForMessage, type BotConversation } from './conversation-kit.js';
import { checkImage, downloadImages, imageCandidate } from './create-pack-images.js';

/**
 * `/newpack` (creators only): sticker images, then title, description, price, category and edition
 * size, each checked by the API's own rules as it arrives; a summary; and on confirm the same service
 * as `POST /api/stickers` creates the pack.
 */
const CONVERSATION = 'newPack';

type PackFieldsInput = Parameters<typeof validatePackFields>[0];

/** The API's verdict on one field (the others filled with valid values): its message, or null. */
function fieldProblem(fields: Partial<PackFieldsInput>, now?: Date): string | null {
  try {
    validatePackFields({ title: 'Title', price: '1', ...fields }, { type: 'image/png', size: 1 }, now);
    return null;
  } catch (error) {
    const refusal = chatTextOf(error);
    if (refusal !== null) return refusal;
    throw error;
  }
}

interface CollectedStickers {
  fileIds: string[];
  /** One list per file, in order: a forwarded sticker's own, the caption's, or the creator's answer. */
  emoji: string[][];
}

async function collectImages(
  conversation: BotConversation,
  ctx: ConversationContext,
  kind: PackKind,
): Promise<CollectedStickers> {
  await ctx.reply(TEXTS.askImages);
  const collected: CollectedStickers = { fileIds: [], emoji: [] };
  for (;;) {
    const reply = await waitForMessage(conversation, ['done']);
    if (commandOf(reply.message) === 'done') {
      if (collected.fileIds.length > 0) return collected;
      await reply.reply(`${MESSAGES.imageRequired}\n\n${TEXTS.askImages}`);
      continue;
    }
    const candidate = imageCandidate(reply.message);
    const problem = candidate
      ? await conversation.external((outside) => checkImage(outside.services, candidate, kind))
      : MESSAGES.imageRequired;
    if (problem !== null) {
      await reply.reply(`${problem}\n\n${TEXTS.askImages}`);
      continue;
    }
    collected.emoji.push(candidate!.emoji ?? (await askStickerEmoji(conversation, ctx)));
    collected.fileIds.push(candidate!.fileId);
    if (collected.fileIds.length >= MAX_STICKERS_PER_PACK) {
      await ctx.reply(TEXTS.imagesFull);
      return collected;
    }
    await ctx.reply(TEXTS.imageAccepted(collected.fileIds.length));
  }
}

/** The emoji a sticker stands for (Telegram's emoji_list), typed by the creator; /skip gives the default. */
async function askStickerEmoji(conversation: BotConversation, ctx: ConversationContext): Promise<string[]> {
  const text = await askText(conversation, ctx, TEXTS.askStickerEmoji, {
    validate: (typed) => (parseStickerEmoji([splitEmoji(typed) ?? []], 1) ? null : TEXTS.stickerEmojiInvalid),
    skippable: true,
  });
  return text ? parseStickerEmoji([splitEmoji(text)!], 1)![0]! : [DEFAULT_STICKER_EMOJI];
}

/**
 * Fair drops: the per-collector cap and the drop's opening, both skippable. The time is typed in UTC
 * (the question says so) and checked against the conversation's replay-safe clock.
 */
async function askDropSettings(
  conversation: BotConversation,
  ctx: ConversationContext,
  maxSupply: number,
): Promise<{ maxPerUser: number | null; dropsAt: string | null }> {
  const maxText = await askText(conversation, ctx, TEXTS.askMaxPerUser, {
    validate: (maxPerUser) => fieldProblem({ maxSupply, maxPerUser }),
    skippable: true,
  });
  const now = new Date(await conversation.now());
  const dropText = await askText(conversation, ctx, TEXTS.askDropsAt, {
    validate: (text) => fieldProblem({ dropsAt: utcDropTime(text) }, now),
    skippable: true,
  });
  return { maxPerUser: maxText ? Number(maxText) : null, dropsAt: dropText ? utcDropTime(dropText) : null };
}

/** "2026-12-01 18:00" (UTC, as asked) → "2026-12-01T18:00Z"; anything else passes as is and is refused. */
function utcDropTime(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?: ?UTC)?$/i.exec(text.trim());
  return match ? `${match[1]}T${match[2]}Z` : text.trim() || 'invalid';
}

async function newPackConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  // `/newpack emoji` makes a custom emoji pack (100×100); a plain `/newpack` a sticker pack.
  const kind: PackKind = /^\/newpack(@\w+)?\s+emoji\b/i.test(ctx.message?.text ?? '') ? 'emoji' : 'stickers';
  const { fileIds, emoji } = await collectImages(conversation, ctx, kind);
  const title = await askText(conversation, ctx, TEXTS.askTitle, { validate: (title) => fieldProblem({ title }) });
  const description = await askText(conversation, ctx, TEXTS.askDescription, {
    validate: (description) => fieldProblem({ description }),
    skippable: true,
  });
  const priceText = await askText(conversation, ctx, TEXTS.askPrice, { validate: (price) => fieldProblem({ price }) });
  const categories = new InlineKeyboard();
  CATEGORIES.forEach((category, i) => {
    categories.text(CATEGORY_LABELS[category], `category:${category}`);
    if (i % 2 === 1) categories.row();
  });
  const { value: category } = await askButton(
    conversation,
    ctx,
    TEXTS.askCategory,
    categories,
    'category',
    TEXTS.chooseCategory,
  );
  const maxSupply = Number(
    await askText(conversation, ctx, TEXTS.askEditionSize, {
      validate: (maxSupply) =>
        /^\d+$/.test(maxSupply.trim()) ? fieldProblem({ maxSupply }) : TEXTS.editionSizeInvalid,
    }),
  );

  const royaltyText = await askText(conversation, ctx, TEXTS.askRoyalty, {
    validate: (text) => (royaltyBpsOfPercent(text) === null ? RESALE_ERRORS.invalidRoyalty : null),
    skippable: true,
  });
  const royaltyBps = royaltyText ? royaltyBpsOfPercent(royaltyText)! : DEFAULT_ROYALTY_BPS;
  const { maxPerUser, dropsAt } = await askDropSettings(conversation, ctx, maxSupply);

  const price = formatTon(parsePrice(priceText)!);
  const summary = TEXTS.packSummary({
    images: fileIds.length,
    title,
    description,
    price,
    category,
    maxSupply,
    royaltyBps,
    maxPerUser,
    dropsAt,
  });
  const keyboard = new InlineKeyboard().text(TEXTS.confirm, 'pack:yes').text(TEXTS.cancel, 'pack:no');
  const answer = await askButton(conversation, ctx, summary, keyboard, 'pack');
  if (answer.value !== 'yes') {
    await answer.ctx.reply(TEXTS.cancelled);
    return;
  }

  await answer.ctx.reply(TEXTS.creating);
  const creatorId = ctx.from!.id;
  const outcome = await conversation.external(async ({ services }): Promise<{ packId: number } | { error: string }> => {
    try {
      await requireCreator(services.db, creatorId, 'upload');
      const images = await downloadImages(services, fileIds);
      const input = {
        images,
        title,
        description,
        price: priceText,
        category,
        tags: [],
        maxSupply,
        royaltyBps,
        maxPerUser,
        dropsAt,
        kind,
        emoji,
      };
      const packId = await createPack(services, creatorId, input);
      return { packId };
    } catch (error) {
      const refusal = chatTextOf(error);
      if (refusal !== null) return { error: refusal };
      services.log.error({ err: error, creatorId }, 'creating a pack from the bot failed');
      return { error: MESSAGES.createFailed };
    }
  });
  if ('error' in outcome) {
    await answer.ctx.reply(escapeHtml(outcome.error), { parse_mode: 'HTML' });
    return;
  }
  await answer.ctx.reply(MESSAGES.stickerCreated, {
    reply_markup: openPackKeyboard(ctx.me.username, outcome.packId),
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
    return ctx.reply(
      `<b>${MESSAGES.creatorAccessRequired}</b>\n${escapeHtml(MESSAGES.creatorAccessRequiredDetail)}\n\nOr send /becomecreator.`,
      { parse_mode: 'HTML' },
    );
  }
  await ctx.conversation.enter(CONVERSATION);
});
