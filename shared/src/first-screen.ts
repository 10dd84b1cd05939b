import { decodeStartParam } from './deep-link.js';
import type { EditionDetail, PackDetail } from './schemas/index.js';

/**
 * The document's first screen: when the server knows which pack or edition a document opens on
 * (Telegram's start parameter is in its query), it embeds that screen's public data in the document, in a
 * `<script type="application/json">` with this id, so the page draws its picture without asking the API.
 */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** Where the built index.html takes that data, and its picture's preload: in its head, before the first screen's start. */
export const FIRST_SCREEN_DATA_MARKER = '<!--first-screen-data-->';

/** A screen whose first paint is a pack's picture: a pack's page or an edition's. */
export interface PictureScreen {
  kind: 'pack' | 'edition';
  id: number;
}

/**
 * The marketplace as a Telegram link opens it (`startapp=market`): no search, no filter, so its first page is
 * the same for every visitor and the document can carry it.
 */
export interface MarketScreen {
  kind: 'market';
}

/** A screen whose data a document may carry. */
export type DocumentScreen = PictureScreen | MarketScreen;

/**
 * What the server embeds: the screen, and its data exactly as a signed-out `GET` of it answers (for the
 * marketplace, the first page of `GET /api/stickers` with no query).
 */
export type FirstScreenData = DocumentScreen & { data: unknown };

/** The API read of a screen's data. */
export function pictureScreenPath(screen: PictureScreen): string {
  return screen.kind === 'pack' ? `/api/stickers/${screen.id}` : `/api/editions/${screen.id}`;
}

/** The screen a Telegram start parameter opens on, when it is a pack's or an edition's page or the marketplace. */
export function startParamScreen(raw: string | null | undefined): DocumentScreen | null {
  const param = decodeStartParam(raw);
  if (param?.kind === 'market') return { kind: 'market' };
  if (param?.kind === 'pack' || param?.kind === 'order') return { kind: 'pack', id: param.packId };
  return param?.kind === 'edition' ? { kind: 'edition', id: param.editionId } : null;
}

/**
 * The big picture a screen's data names, as the pack and edition pages choose it (the pack's preview, else
 * its image); null when it has none or the data is not what it should be.
 */
export function screenPicture(screen: PictureScreen, data: unknown): { url: string; alt: string } | null {
  if (screen.kind === 'pack') {
    const pack = data as Partial<PackDetail> | null;
    return picture(pack?.previewUrl ?? pack?.imageUrl, pack?.title);
  }
  const edition = data as Partial<EditionDetail> | null;
  return picture(edition?.pack?.imageUrl, edition?.pack?.title);
}

const picture = (url: string | null | undefined, title: string | undefined) =>
  typeof url === 'string' && typeof title === 'string' ? { url, alt: title } : null;
