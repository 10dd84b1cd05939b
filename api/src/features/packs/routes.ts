import type { FastifyInstance } from 'fastify';
import { MESSAGES, PackListQuery, TrendingQuery } from '@stickerdrop/shared';
import {
  createReadCache,
  createViewCounter,
  createViewerLog,
  foundPack,
  getPackDetailText,
  listPackCards,
  listTrendingCards,
  likedPackIds,
  pageJson,
  cardsJson,
  type CardPage,
  type CardText,
  parseInput,
  subscribeToDrop,
  toggleLike,
  unsubscribeFromDrop,
} from '@stickerdrop/core';
import { unauthorized } from '../../http/errors.js';
import { JSON_TYPE } from '../../http/json-text.js';
import { optionalUser, requireUser } from '../../http/auth.js';
import { packIdParam } from './params.js';

const VIEW_FLUSH_MS = 1_000;

/** The catalogue: listing with search/sort/cursor, trending, one pack (counts a view), like toggle. */
export async function packsRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, config, fileUrls } = app.deps;
  const cacheOptions = { ttlMs: config.readCacheMs, now };
  // Cards are JSON text written by Postgres (core/src/packs/card-json.ts), the same for every viewer, so a
  // page is shared for a moment; each answer adds the viewer's likes (one indexed lookup when signed in).
  const pages = createReadCache<CardPage>({ ...cacheOptions, maxEntries: 1_000 });
  const trending = createReadCache<CardText[]>({ ...cacheOptions, maxEntries: 50 });

  const views = createViewCounter(db, {
    flushMs: VIEW_FLUSH_MS,
    onError: (error) => app.log.error({ err: error }, 'could not write pack views; will retry'),
  });
  app.addHook('onClose', () => views.stop());
  const viewers = createViewerLog({ now });

  app.get('/api/stickers', async (request, reply) => {
    const viewerId = optionalUser(request);
    const query = parseInput(PackListQuery, request.query);
    const key = JSON.stringify(query, (_name, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
    const page = await pages.get(key, () => listPackCards(db, query, now()));
    return reply.type(JSON_TYPE).send(pageJson(page, await likedPackIds(db, viewerId, page.cards)));
  });

  app.get('/api/stickers/trending/list', async (request, reply) => {
    const viewerId = optionalUser(request);
    const { limit } = parseInput(TrendingQuery, request.query);
    const cards = await trending.get(String(limit), () => listTrendingCards(db, limit, now()));
    return reply.type(JSON_TYPE).send(cardsJson(cards, await likedPackIds(db, viewerId, cards)));
  });

  // The detail is JSON text written by Postgres (core/src/packs/detail-json.ts), with this view counted.
  app.get<{ Params: { id: string } }>('/api/stickers/:id', async (request, reply) => {
    const viewerId = optionalUser(request);
    const id = packIdParam(request.params.id);
    const detail = foundPack(await getPackDetailText(db, id, viewerId, now(), fileUrls));
    if (viewers.firstToday(id, viewerId === null ? `address:${request.ip}` : `user:${viewerId}`)) views.count(id);
    return reply.type(JSON_TYPE).send(detail.withViews(views.pending(id)));
  });

  app.post<{ Params: { id: string } }>('/api/stickers/:id/like', async (request) => {
    // An expired token is still the generic 401, so the client refreshes and retries.
    const userId = optionalUser(request);
    if (userId === null) throw unauthorized(MESSAGES.likeRequiresLogin);
    const id = packIdParam(request.params.id);
    return toggleLike(db, userId, id, now());
  });

  // "Notify me" for a scheduled drop: the bot tells the collector once when it opens.
  app.post<{ Params: { id: string } }>('/api/stickers/:id/notify', async (request) => {
    const userId = requireUser(request);
    return subscribeToDrop(db, { userId, packId: packIdParam(request.params.id), now: now() });
  });

  app.delete<{ Params: { id: string } }>('/api/stickers/:id/notify', async (request) => {
    const userId = requireUser(request);
    return unsubscribeFromDrop(db, { userId, packId: packIdParam(request.params.id), now: now() });
  });
}
