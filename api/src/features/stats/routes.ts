import type { FastifyInstance } from 'fastify';
import type { MarketplaceStats } from '@stickerdrop/shared';
import { createReadCache, getMarketplaceStats } from '@stickerdrop/core';

/** GET /api/marketplace/stats, shared by every visitor for config.readCacheMs. */
export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, config } = app.deps;
  const cache = createReadCache<MarketplaceStats>({ ttlMs: config.readCacheMs, maxEntries: 1, now });
  app.get('/api/marketplace/stats', () => cache.get('stats', () => getMarketplaceStats(db)));
}
