import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InlineQueryResultArticle } from 'grammy/types';
import {
  GIFT_ERRORS,
  giftClaimLink,
  type GiftDetail,
  type Language,
  type ShareMessageResponse,
} from '@stickerdrop/shared';
import { getGift, requireTelegramDelivery, telegramDeliveryUnavailable, DomainError } from '@stickerdrop/core';
import { requireUser } from '../../http/auth.js';
import { languageOfCaller } from '../../http/error-language.js';
import { botApi } from '../../telegram.js';
import { codeOf } from './code.js';

/** The message a gift is shared as, in its sender's language (they write to someone they know). */
const GIFT_MESSAGE: Record<
  Language,
  { title(gift: GiftDetail): string; text(gift: GiftDetail): string; claim: string }
> = {
  en: {
    title: (gift) => `A gift: ${gift.pack.title} #${gift.serial}`,
    text: (gift) =>
      `🎁 ${gift.pack.title} #${gift.serial} of ${gift.maxSupply} is a gift for you. Claim it in Stickerdrop.`,
    claim: 'Claim',
  },
  ru: {
    title: (gift) => `Подарок: ${gift.pack.title} #${gift.serial}`,
    text: (gift) =>
      `🎁 ${gift.pack.title} #${gift.serial} из ${gift.maxSupply} — подарок для вас. Заберите его в Stickerdrop.`,
    claim: 'Забрать',
  },
};

/**
 * `POST /api/gifts/:code/share-message`: the bot prepares a message with a Claim button for the sender of a
 * gift still waiting (`savePreparedInlineMessage`), which the mini-app's `shareMessage` sends to the chat
 * they pick. Any refusal here makes the mini-app share the link instead.
 */
export async function giftShareMessageRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;
  const telegram = botApi(config);

  app.post('/api/gifts/:code/share-message', async (request: FastifyRequest<{ Params: { code: string } }>) => {
    const userId = requireUser(request);
    const botUsername = telegram ? config.botUsername : undefined;
    requireTelegramDelivery(userId, 'share-message', Boolean(botUsername));
    const claimUrlOf = (code: string) => giftClaimLink(botUsername!, code);
    const gift = await getGift(db, { code: codeOf(request), viewer: userId, claimUrlOf, now: now() });
    if (gift.state !== 'pending') throw new DomainError('gift_closed', GIFT_ERRORS.closed);
    // Only the sender's own reading of a waiting gift carries its link.
    if (!gift.claimUrl) throw new DomainError('forbidden', GIFT_ERRORS.onlySenderShares);
    const language = await languageOfCaller(request, db, { databaseDown: false });
    const prepared = await telegram!
      .savePreparedInlineMessage(userId, giftArticle(gift, gift.claimUrl, language), {
        allow_user_chats: true,
        allow_group_chats: true,
      })
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'savePreparedInlineMessage failed for a gift');
        throw telegramDeliveryUnavailable('share-message');
      });
    const body: ShareMessageResponse = { id: prepared.id };
    return body;
  });
}

function giftArticle(gift: GiftDetail, link: string, language: Language): InlineQueryResultArticle {
  const texts = GIFT_MESSAGE[language];
  const note = gift.note ? `\n\n${gift.note}` : '';
  return {
    type: 'article',
    id: `gift_${gift.code}`,
    title: texts.title(gift),
    input_message_content: { message_text: `${texts.text(gift)}${note}` },
    reply_markup: { inline_keyboard: [[{ text: texts.claim, url: link }]] },
  };
}
