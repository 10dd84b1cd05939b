import { decodeStartParam } from '@stickerdrop/shared';

/**
 * The route a Telegram start parameter opens: `pack_<id>`, `edition_<id>`, `order_<packId>_<uuid>`,
 * `gift_<code>` (the claim screen), `market`, else Home.
 */
export function startRoute(startParam: string | null): string {
  const param = decodeStartParam(startParam);
  return param?.kind === 'pack'
    ? `/sticker?id=${param.packId}`
    : param?.kind === 'edition'
      ? `/edition?id=${param.editionId}`
      : param?.kind === 'order'
        ? `/sticker?id=${param.packId}&order=${param.orderId}`
        : param?.kind === 'gift'
          ? `/gift?code=${param.code}`
          : param?.kind === 'market'
            ? '/marketplace'
            : '/';
}

/** Telegram's launch parameters, where the hash router expects a route. */
export const isLaunchHash = (hash: string): boolean => /tgWebApp/.test(hash);

/**
 * The route the app opens on, read before anything loads (by the document's first screen, then by the app):
 * the address's hash, or for a Telegram launch the route its start parameter names. Telegram passes that
 * parameter in the query (`?tgWebAppStartParam=`, where the server sees it too); the hash is read as well.
 */
export function openingRoute(location: { hash: string; search: string }): string {
  const hash = location.hash.slice(1);
  if (!isLaunchHash(hash)) return hash || '/';
  const param =
    new URLSearchParams(hash).get('tgWebAppStartParam') ??
    new URLSearchParams(location.search).get('tgWebAppStartParam');
  return startRoute(param);
}
