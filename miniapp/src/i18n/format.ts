import { useMemo } from 'react';
import { groupThousands, tonAmountIn, type Language } from '@stickerdrop/shared';
import { exactTime, relativeTime } from './relative-time';
import { intlLocale } from './i18n';
import { useLanguage } from './provider';

/** Intl formatters by locale and options, each made once: a list formats every row. */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = made.get(key) as T | undefined;
  if (!format) made.set(key, (format = make()));
  return format;
}

/**
 * A TON amount as formatTon writes it ("12345.67") with its whole part's thousands grouped as English writes
 * them ("12,345.67"): a sum past a thousand read as one run of digits.
 */
function groupedTon(amount: string): string {
  const [whole = '', fraction] = amount.replace(/,/g, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * Numbers, money, dates and relative times in one language, through Intl: "10,000" / "10 000",
 * "1,234.56 TON" / "1 234,56 TON", "Nov 26, 2026" / "26 нояб. 2026 г.". Money stays text from end to end
 * (formatTon's decimal string), so no digit of a nanoton amount is lost.
 */
export function formatsFor(language: Language) {
  const locale = intlLocale(language);
  const number = (value: number, options?: Intl.NumberFormatOptions) =>
    once(`n${locale}${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(value);
  const tonAmount = (amount: string) => (language === 'en' ? groupedTon(amount) : tonAmountIn(language, amount));
  return {
    language,
    locale,
    /** A count or a figure: 10000 → "10,000" / "10 000". */
    number,
    /**
     * A count (supplies, serials, a pack's figures) with its thousands grouped: "10,000" / "10 000". English
     * groups without Intl, whose first use would cost the first render.
     */
    count: (value: number) => (language === 'en' ? groupThousands(value) : number(value)),
    /** A compact figure for a tile: 89500 → "89.5K" / "89,5 тыс.". */
    compact: (value: number) =>
      once(`c${locale}`, () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })).format(
        value,
      ),
    /** A TON amount as formatTon writes it ("1234.56") in this language's digits: "1,234.56" / "1 234,56". */
    tonAmount,
    /** The same with its unit: "1,234.56 TON" / "1 234,56 TON". */
    ton: (amount: string) => `${tonAmount(amount)}\u00a0TON`,
    /** A date (or date and time) with Intl's options: dateStyle medium by default. */
    date: (at: string | Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
      once(`d${locale}${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options)).format(new Date(at)),
    /**
     * When a drop opens, in the viewer's own time zone, to the minute and the zone named:
     * "June 1, 2031 at 9:00 PM GMT+3" / "1 июня 2031 г. в 21:00 GMT+3".
     */
    dropTime: (at: string | Date) =>
      once(
        `z${locale}`,
        () =>
          new Intl.DateTimeFormat(locale, {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZoneName: 'short',
          }),
      ).format(new Date(at)),
    /** The date and time to the minute: "Nov 26, 2026, 1:17 PM" / "26 нояб. 2026 г., 13:17". */
    dateTime: (at: string | Date) => exactTime(at, locale),
    /** How long ago or how soon: "2 hr. ago" / "2 ч назад"; under 45 s is "now" / "сейчас". */
    relative: (at: string | Date, now: Date) => relativeTime(at, now, locale),
  };
}

export type Formats = ReturnType<typeof formatsFor>;

/** The active language's formats, for a component (it renders again when the language changes). */
export function useFormat(): Formats {
  const language = useLanguage();
  return useMemo(() => formatsFor(language), [language]);
}

/**
 * Makes a language's plain and compact number formats before the render that shows the first figures
 * (Home's and the marketplace's tiles): a locale's first Intl.NumberFormat loads its number data, a few
 * milliseconds here and several times that on a phone. Called in a task of its own while the screen's data
 * is on its way, that load no longer lengthens the render; the render finds both formats made.
 */
export function loadNumberData(language: Language): void {
  const formats = formatsFor(language);
  formats.number(0);
  formats.compact(0);
}
