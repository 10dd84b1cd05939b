/**
 * How many skeleton cards stand in for a list of packs while it loads: a phone's first screen of them,
 * drawn alike by the document's first screen and by the app.
 */
export const SKELETON_CARDS = 6;
