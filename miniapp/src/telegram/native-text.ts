/**
 * Telegram's own sign for Stars (U+2B50), for text that Telegram's client draws itself (the Main Button),
 * where a Stars price reads as that star and the number, as in Telegram's own screens. Telegram's clients
 * ship their emoji, so it never shows as an empty box there; the page draws an SVG star instead
 * (StarsAmount), as every icon on the page is.
 */
export const STARS_SIGN = '\u2B50';
