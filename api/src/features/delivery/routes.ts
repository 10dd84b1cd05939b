import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_ERRORS, type CustomEmojiResponse, type TelegramSetResponse } from '@stickerdrop/shared';
import { findStickerSet, requestStickerSet, requireTelegramDelivery } from '@stickerdrop/core';
import { notFound } from '../../http/errors.js';
import { requirePackOwner } from './owner-access.js';
import { shareMessageRoutes } from './share-message.js';

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * `POST /api/stickers/:id/telegram-set` ("Add to Telegram"): for owners of the pack, like downloads.
 * Writes a job for the bot, which makes the owner's sticker set (or finds the one it made before) and
 * sends its t.me/addstickers link. Every tap is its own job, so a second tap re-sends the link; a
 * client retrying one tap sends the same `Idempotency-Key` and gets one job.
 */
export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  await app.register(shareMessageRoutes);
  app.post<{ Params: { id: string } }>('/api/stickers/:id/telegram-set', async (request, reply) => {
    const { userId, packId } = await requirePackOwner(request, app.deps.db);
    requireTelegramDelivery(userId, 'sticker-set', Boolean(app.deps.config.botToken));

    const key = request.headers['idempotency-key'];
    const requestId = typeof key === 'string' && REQUEST_ID.test(key) ? key : randomUUID();
    await requestStickerSet(app.deps.db, { userId, packId, requestId });
    const body: TelegramSetResponse = { status: 'queued' };
    return reply.status(202).send(body);
  });

  // An emoji status names a custom emoji by the id Telegram gave it in the owner's own set, so only an owner
  // who added the set has ids to offer; before that the list is empty.
  app.get<{ Params: { id: string } }>('/api/stickers/:id/custom-emoji', async (request) => {
    const { userId, packId, pack } = await requirePackOwner(request, app.deps.db);
    if (pack.kind !== 'emoji') throw notFound(API_ERRORS.noCustomEmoji);
    const set = await findStickerSet(app.deps.db, userId, packId);
    const body: CustomEmojiResponse = { customEmojiIds: set?.completedAt ? (set.customEmojiIds ?? []) : [] };
    return body;
  });
}
