/**
 * An emoji: a pictographic character (as Unicode classes them, e.g. 💎 ♥ ✅), whether or not it asks for
 * colour presentation, or the variation selector that asks for it. These show as empty boxes on
 * desktops without an emoji font, so the UI uses SVG icons instead.
 */
export const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Presentation}|\u{FE0F}/u;
