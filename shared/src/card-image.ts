/**
 * A pack's card image comes in four widths, so a card loads the smallest one that covers its rendered width
 * × the screen's pixel ratio (what browsers pick from a `srcset`): 160 px for a 2-column phone card at 1x,
 * 320 px (the stored preview itself) to ~1.8x, 480 px at 2x–2.7x, 640 px for a 3x phone or a wide card. The
 * variants sit beside the preview under the same public prefix, named `<key>-<width>w.webp` (a storage key
 * has no dot but its extension's).
 */
export const PREVIEW_SIZE_PX = 320;
export const CARD_IMAGE_WIDTHS_PX = [160, PREVIEW_SIZE_PX, 480, 640] as const;
export type CardImageWidth = (typeof CARD_IMAGE_WIDTHS_PX)[number];

const WEBP = /\.webp$/;
/** Only public previews have variants (an old pack's card may still be its first sticker's file). */
const PREVIEW = /(^|\/)previews\/[^?#]*\.webp$/;

/** The stored key (or URL) of a card image's variant; the preview itself for PREVIEW_SIZE_PX. */
export function cardImageVariant(keyOrUrl: string, width: CardImageWidth): string {
  return width === PREVIEW_SIZE_PX ? keyOrUrl : keyOrUrl.replace(WEBP, `-${width}w.webp`);
}

/** The preview a variant key names, or null when the key is no variant. */
export function cardImageOfVariant(key: string): string | null {
  const match = /^(.*)-(\d+)w\.webp$/.exec(key);
  if (!match) return null;
  const width = Number(match[2]);
  const isVariant = width !== PREVIEW_SIZE_PX && CARD_IMAGE_WIDTHS_PX.some((candidate) => candidate === width);
  return isVariant ? `${match[1]}.webp` : null;
}

/** The `srcset` of a card image URL: every width for a public preview, else only the URL itself. */
export function cardImageSrcset(url: string): string {
  if (!PREVIEW.test(url)) return `${url} ${PREVIEW_SIZE_PX}w`;
  return CARD_IMAGE_WIDTHS_PX.map((width) => `${cardImageVariant(url, width)} ${width}w`).join(', ');
}

/**
 * How wide each place draws a pack's card image (the `sizes` beside its `srcset`), so the browser picks the
 * variant that width × the screen's pixel ratio needs. The server names the detail picture's in the preload
 * of a pack's document, so browser and server pick the same file.
 */
export const CARD_IMAGE_SIZES = {
  /** pack-card.css: half a phone's width in the 2-column grid, else a column of ~220–300 px. */
  grid: '(max-width: 480px) calc(50vw - 21px), 300px',
  list: '112px',
  /** The pack and edition pages: 280 px on a phone, half the page beside the facts on a desktop. */
  detail: '(max-width: 768px) 280px, min(calc(50vw - 44px), 576px)',
} as const;
