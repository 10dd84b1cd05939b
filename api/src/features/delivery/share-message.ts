import type { FastifyInstance } from 'fastify';
import type { InlineQueryResultArticle } from 'grammy/types';
import { API_ERRORS, packAppLink, type PackDetail, type ShareMessageResponse } from '@stickerdrop/shared';
import { foundPack, getPackDetail, requireTelegramDelivery, telegramDeliveryUnavailable } from '@stickerdrop/core';
import { unauthorized } from '../../http/errors.js';
import { botApi } from '../../telegram.js';
import { packIdParam } from '../packs/params.js';

/**
 * `POST /api/stickers/:id/share-message`: asks the Bot API to save a prepared inline message presenting
 * the pack (`savePreparedInlineMessage`), for the signed-in Telegram user to send to a chat of their
 * choice with the mini-app's `shareMessage`. Any refusal here makes the mini-app share the link instead.
 */
export async function shareMessageRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app.deps;
  const telegram = botApi(config);

  app.post<{ Params: { id: string } }>('/api/stickers/:id/share-message', async (request) => {
    const userId = request.userId;
    if (userId === null) throw unauthorized(request.badToken ? API_ERRORS.invalidToken : undefined);
    const botUsername = telegram ? config.botUsername : undefined;
    requireTelegramDelivery(userId, 'share-message', Boolean(botUsername));
    const pack = foundPack(await getPackDetail(db, packIdParam(request.params.id), userId));

    const prepared = await telegram!
      .savePreparedInlineMessage(userId, packArticle(pack, botUsername!), {
        allow_user_chats: true,
        allow_group_chats: true,
        allow_channel_chats: true,
      })
      .catch((error: unknown) => {
        request.log.warn({ err: error, packId: pack.id }, 'savePreparedInlineMessage failed');
        throw telegramDeliveryUnavailable('share-message');
      });
    const body: ShareMessageResponse = { id: prepared.id };
    return body;
  });
}

/** The pack as a chat message: its title and description, and a button that opens it in the mini-app. */
function packArticle(pack: PackDetail, botUsername: string): InlineQueryResultArticle {
  const link = packAppLink(botUsername, pack.id);
  return {
    type: 'article',
    id: `pack_${pack.id}`,
    title: pack.title,
    description: pack.description,
    input_message_content: { message_text: `${pack.title}\n${pack.description}\n\n${link}` },
    reply_markup: { inline_keyboard: [[{ text: 'Open in Stickerdrop', url: link }]] },
  };
}
