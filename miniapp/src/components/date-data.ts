import type { Language } from '@stickerdrop/shared';
import { intlLocale } from '../i18n/i18n';
import { exactTime, relativeTime } from '../i18n/relative-time';

/**
 * Formats one date and throws it away: a page's first date format loads the locale's calendar data (13 ms
 * here, about 50 on a 4× slowed phone) and every later one, in any locale or style, is well under 1 ms.
 * Called in a task of its own, the load no longer lengthens the render that first shows a date.
 */
export function loadDateData(): void {
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(0);
}

/**
 * Makes the formats a pack's or an edition's activity shows ("2 hr. ago", the exact time beside it) in the
 * language, as relative-time.ts keeps them: the first of each still costs a few milliseconds once the
 * calendar data is in, which the render that shows the activity then no longer pays.
 */
export function loadTimeFormats(language: Language): void {
  const now = new Date();
  relativeTime(now, now, intlLocale(language));
  exactTime(now, intlLocale(language));
}
