import { parsePackId, type PictureScreen } from '@stickerdrop/shared';
import { parseEditionId } from '../features/resale/edition-id';
import { parseRoute } from '../router/history';

/** The pack or edition page a route shows (`/sticker?id=7`, `/edition?id=12`), or null for any other screen. */
export function pictureScreen(route: string): PictureScreen | null {
  const { pathname, search } = parseRoute(route);
  const id = new URLSearchParams(search).get('id');
  const path = pathname.toLowerCase();
  const packId = path === '/sticker' ? parsePackId(id) : null;
  if (packId !== null) return { kind: 'pack', id: packId };
  const editionId = path === '/edition' ? parseEditionId(id) : null;
  return editionId === null ? null : { kind: 'edition', id: editionId };
}
