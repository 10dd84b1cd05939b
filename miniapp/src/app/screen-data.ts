import type { QueryClient } from '@tanstack/react-query';
import { parsePackId } from '@stickerdrop/shared';
import type { ApiClient } from '../api/client';
import { parseRoute } from '../router';
import { packQueries } from '../features/packs/queries';
import { parseEditionId } from '../features/resale/edition-id';
import { resaleQueries } from '../features/resale/queries';

/**
 * Asks for the data of the pack or edition the app opens on, beside its chunks: the page's picture (its
 * largest paint) is named by that answer, so it no longer waits for the chunks to arrive and render first.
 * A sign-in that follows refreshes it, as it refreshes every query (issue 22).
 */
export function prefetchScreenData(route: string, queryClient: QueryClient, api: ApiClient): void {
  const { pathname, search } = parseRoute(route);
  const id = new URLSearchParams(search).get('id');
  const path = pathname.toLowerCase();
  const packId = path === '/sticker' ? parsePackId(id) : null;
  const editionId = path === '/edition' ? parseEditionId(id) : null;
  if (packId !== null) void queryClient.prefetchQuery(packQueries.detail(api, packId));
  if (editionId !== null) void queryClient.prefetchQuery(resaleQueries.edition(api, editionId));
}
