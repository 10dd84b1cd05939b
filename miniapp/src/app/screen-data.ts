import type { QueryClient, QueryFunction } from '@tanstack/react-query';
import type { PackListResponse } from '@stickerdrop/shared';
import type { ApiClient } from '../api/client';
import { packQueries } from '../features/packs/queries';
import { resaleQueries } from '../features/resale/queries';
import { pictureScreen } from '../first-screen/picture-screen';
import { parseRoute } from '../router/history';

/**
 * Asks for the data of the pack, edition or marketplace the app opens on, beside its chunks: the page's picture (its
 * largest paint) is named by that answer, so it no longer waits for the chunks to arrive and render first.
 * `fromDocument` is the public answer the document already has (embedded by the server, or asked for by its
 * first screen): taken instead of asking again, and the API is asked when it came to nothing. A sign-in
 * that follows refreshes it, as it refreshes every query. Resolves once the data is in or failed.
 */
export function prefetchScreenData(
  route: string,
  queryClient: QueryClient,
  api: ApiClient,
  fromDocument: Promise<unknown> | null = null,
): Promise<void> {
  if (parseRoute(route).pathname.toLowerCase() === '/marketplace') {
    return prefetchMarket(queryClient, api, route, fromDocument);
  }
  const screen = pictureScreen(route);
  if (!screen) return Promise.resolve();
  const prefetch = <T, Key extends readonly unknown[]>(query: { queryKey: Key; queryFn?: unknown }) => {
    const ask = query.queryFn as QueryFunction<T, Key>;
    const queryFn: QueryFunction<T, Key> = async (context) => ((await fromDocument) as T | null) ?? ask(context);
    return queryClient.prefetchQuery({ ...query, queryFn });
  };
  return screen.kind === 'pack'
    ? prefetch(packQueries.detail(api, screen.id))
    : prefetch(resaleQueries.edition(api, screen.id));
}

/**
 * The marketplace's first page, from the document when it has it: its cards show with no API call. Its
 * address's reader comes in a chunk of its own, so Home's first load does not carry it.
 */
async function prefetchMarket(
  queryClient: QueryClient,
  api: ApiClient,
  route: string,
  fromDocument: Promise<unknown> | null,
): Promise<void> {
  const { marketScreenList } = await import('../features/marketplace/market-query');
  const list = marketScreenList(route);
  if (!list) return;
  const query = packQueries.list(api, list);
  const ask = query.queryFn!;
  return queryClient.prefetchInfiniteQuery({
    ...query,
    queryFn: async (context) =>
      ((await fromDocument) as PackListResponse | null) ?? ask(context as Parameters<typeof ask>[0]),
  });
}
