import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser';
import { WHERE } from './open-app';

/** Issue 20's screens are checked on the plain web and inside Telegram, each at a phone's and a desktop's width. */
export const SCREEN_CASES = WHERE.flatMap((where) =>
  [PHONE, DESKTOP].map((viewport) => ({ where, width: viewport.width, viewport })),
);

/** The first screen of a phone (iPhone 12–15): what is in it needs no scrolling. */
export const FIRST_SCREEN_PX = 844;

/** Lets the sheet's slide-in finish before a picture or a contrast check. */
export const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
