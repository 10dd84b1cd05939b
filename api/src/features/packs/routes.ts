import type { FastifyInstance } from 'fastify';
import { MESSAGES, PackListQuery, TrendingQuery, type PackCard, type PackListResponse } from '@stickerdrop/shared';
import { notFound, parseInput, unauthorized } from '../../http/errors.js';
import { optionalUser } from '../../http/auth.js';
import { listPacks, listTrending, markFavorites } from './list.js';
import { toggleLike } from './likes.js';
import { packIdParam } from './params.js';
import { getPackDetail, recordView } from './queries.js';
import { createReadCache } from './read-cache.js';

/** The catalogue: listing with search/sort/cursor, trending, one pack (counts a view), like toggle. */
export async function packsRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, config } = app.deps;
  const cacheOptions = { ttlMs: config.readCacheMs, now };
  const pages = createReadCache<PackListResponse>({ ...cacheOptions, maxEntries: 1_000 });
  const trending = createReadCache<PackCard[]>({ ...cacheOptions, maxEntries: 50 });

  app.get('/api/stickers', async (request) => {
    const viewerId = optionalUser(request);
    const query = parseInput(PackListQuery, request.query);
    const key = JSON.stringify([query.search, query.sort, query.limit, query.cursor ?? '']);
    const page = await pages.get(key, () => listPacks(db, query, now()));
    return viewerId === null ? page : { ...page, items: await markFavorites(db, page.items, viewerId) };
  });

  app.get('/api/stickers/trending/list', async (request) => {
    const viewerId = optionalUser(request);
    const { limit } = parseInput(TrendingQuery, request.query);
    const cards = await trending.get(String(limit), () => listTrending(db, limit, now()));
    return markFavorites(db, cards, viewerId);
  });

  app.get<{ Params: { id: string } }>('/api/stickers/:id', async (request) => {
    const viewerId = optionalUser(request);
    const id = packIdParam(request.params.id);
    if (!(await recordView(db, id))) throw notFound(MESSAGES.packNotFound);
    const detail = await getPackDetail(db, id, viewerId, now());
    if (!detail) throw notFound(MESSAGES.packNotFound);
    return detail;
  });

  app.post<{ Params: { id: string } }>('/api/stickers/:id/like', async (request) => {
    // An expired token is still the generic 401, so the client refreshes and retries.
    const userId = optionalUser(request);
    if (userId === null) throw unauthorized(MESSAGES.likeRequiresLogin);
    const id = packIdParam(request.params.id);
    const result = await toggleLike(db, userId, id, now());
    if (!result) throw notFound(MESSAGES.packNotFound);
    return result;
  });
}
