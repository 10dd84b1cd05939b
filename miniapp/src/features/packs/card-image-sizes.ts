/**
 * How wide each place draws a pack's card image (the `sizes` beside its `srcset`), so the browser picks the
 * variant that width × the screen's pixel ratio needs.
 */
export const CARD_IMAGE_SIZES = {
  /** pack-card.css: half a phone's width in the 2-column grid, else a column of ~220–300 px. */
  grid: '(max-width: 480px) calc(50vw - 21px), 300px',
  list: '112px',
  /** The pack and edition pages: 280 px on a phone, half the page beside the facts on a desktop. */
  detail: '(max-width: 768px) 280px, min(calc(50vw - 44px), 576px)',
} as const;
