/**
 * The mini-app's one way to say when something happened: "2 hr. ago" in the viewer's locale, and the exact
 * date and time beside it on demand. Built on Intl only: Home's bundle budget has no room for a library.
 */
const STEPS: [limit: number, unit: Intl.RelativeTimeFormatUnit, size: number][] = [
  [60, 'second', 1],
  [3_600, 'minute', 60],
  [86_400, 'hour', 3_600],
  [604_800, 'day', 86_400],
  [2_629_800, 'week', 604_800],
  [31_557_600, 'month', 2_629_800],
  [Infinity, 'year', 31_557_600],
];

/** Formatters by locale, each made once: a list of activity formats every row, twice. */
const relativeFormats = new Map<string | undefined, Intl.RelativeTimeFormat>();
const exactFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function once<T>(formats: Map<string | undefined, T>, locale: string | undefined, make: () => T): T {
  let format = formats.get(locale);
  if (format === undefined) formats.set(locale, (format = make()));
  return format;
}

/** `locale` undefined is the browser's own (navigator.language). */
export function relativeTime(at: string | Date, now: Date, locale?: string): string {
  const seconds = (new Date(at).getTime() - now.getTime()) / 1000;
  const format = once(
    relativeFormats,
    locale,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }),
  );
  // Under 45 s is "now": a count of seconds would change on every render.
  if (Math.abs(seconds) < 45) return format.format(0, 'second');
  const [, unit, size] = STEPS.find(([limit]) => Math.abs(seconds) < limit)!;
  return format.format(Math.trunc(seconds / size), unit);
}

/** "Nov 26, 2026, 1:17 PM" in en-US, "26.11.2026, 13:17" in de: the date and time to the minute. */
export function exactTime(at: string | Date, locale?: string): string {
  const format = once(
    exactFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  return format.format(new Date(at));
}
