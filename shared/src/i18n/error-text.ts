import { formatDropTime, DROP_ERRORS } from '../drops.js';
import type { Language } from '../language.js';
import { GIFT_ERRORS } from '../gifts.js';
import { API_ERRORS, MESSAGES } from '../messages.js';
import { OFFER_ERRORS } from '../offers.js';
import { RESALE_ERRORS } from '../resale.js';
import { RESERVATION_ERRORS } from '../reservations.js';
import { STUDIO_ERRORS } from '../studio.js';
import { OPS_ERRORS } from '../ops.js';
import {
  API_ERRORS_RU,
  DROP_ERRORS_RU,
  GIFT_ERRORS_RU,
  MESSAGE_ERRORS_RU,
  OFFER_ERRORS_RU,
  OPS_ERRORS_RU,
  RESALE_ERRORS_RU,
  RESERVATION_ERRORS_RU,
  STUDIO_ERRORS_RU,
} from './errors.ru.js';
import { tonAmountIn } from './money.js';
import { ruCount } from './plural-ru.js';

/**
 * Core and the HTTP layer refuse with the English texts of the shared catalogues (SPEC's, and what logs
 * read); an answer to a Russian reader is written from the Russian catalogue under the same key. The English
 * text is the lookup key's way in: each English catalogue is paired with its Russian one here.
 */
const PAIRS: ReadonlyArray<readonly [Record<string, unknown>, Record<string, unknown>]> = [
  [API_ERRORS, API_ERRORS_RU],
  [RESALE_ERRORS, RESALE_ERRORS_RU],
  [GIFT_ERRORS, GIFT_ERRORS_RU],
  [OFFER_ERRORS, OFFER_ERRORS_RU],
  [STUDIO_ERRORS, STUDIO_ERRORS_RU],
  [RESERVATION_ERRORS, RESERVATION_ERRORS_RU],
  [DROP_ERRORS, DROP_ERRORS_RU],
  [OPS_ERRORS, OPS_ERRORS_RU],
  [MESSAGES, MESSAGE_ERRORS_RU],
];

function russianByEnglish(): Map<string, string> {
  const map = new Map<string, string>();
  for (const [english, russian] of PAIRS) {
    for (const [key, text] of Object.entries(english)) {
      const translated = russian[key];
      // The catalogue of API_ERRORS holds `demoOff` and `notFound`, both "Not found": the first one stays.
      if (typeof text === 'string' && typeof translated === 'string' && !map.has(text)) map.set(text, translated);
    }
  }
  return map;
}

const STATIC_RU = russianByEnglish();

/** The rate limiter's wait ("1 minute", "30 seconds") in Russian. */
function ruWait(text: string): string {
  const match = /^(\d+) (second|minute|hour|day)s?$/.exec(text);
  if (!match) return text;
  const forms = {
    second: { one: 'секунду', few: 'секунды', many: 'секунд' },
    minute: { one: 'минуту', few: 'минуты', many: 'минут' },
    hour: { one: 'час', few: 'часа', many: 'часов' },
    day: { one: 'день', few: 'дня', many: 'дней' },
  }[match[2] as 'second' | 'minute' | 'hour' | 'day'];
  return ruCount(Number(match[1]), forms);
}

/** Field names the schemas give in English, as a Russian form names them; others are shown as sent. */
const FIELD_RU: Record<string, string> = {
  Website: 'Сайт',
  'Display name': 'Имя',
  Bio: 'О себе',
  Search: 'Поиск',
  Title: 'Название',
  Description: 'Описание',
  Tags: 'Теги',
  Keywords: 'Ключевые слова',
};
const field = (name: string) => `«${FIELD_RU[name] ?? name}»`;
const chars = (n: string) => ruCount(Number(n), { one: 'символа', few: 'символов', many: 'символов' });

const SENTINEL = '\u0000';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern matching what an English text function writes, its value captured (built from the function). */
function patternOf(written: string): RegExp {
  return new RegExp(`^${written.split(SENTINEL).map(escape).join('(.+?)')}$`);
}

const EPOCH = new Date(0);
type Template = readonly [RegExp, (value: string) => string];

/** The catalogues' texts with a value, and core's generic field refusals (parseInput), most specific first. */
const TEMPLATES: readonly Template[] = [
  [patternOf(OFFER_ERRORS.tooMany(SENTINEL as unknown as number)), OFFER_ERRORS_RU.tooMany],
  [patternOf(OFFER_ERRORS.priceChanged(SENTINEL)), (price) => OFFER_ERRORS_RU.priceChanged(tonAmountIn('ru', price))],
  [patternOf(RESERVATION_ERRORS.tooMany(SENTINEL as unknown as number)), RESERVATION_ERRORS_RU.tooMany],
  [patternOf(RESERVATION_ERRORS.coolingDown(SENTINEL as unknown as number)), RESERVATION_ERRORS_RU.coolingDown],
  [patternOf(DROP_ERRORS.notOpenYet(EPOCH).replace(formatDropTime(EPOCH), SENTINEL)), DROP_ERRORS_RU.notOpenYet],
  [
    patternOf(`${API_ERRORS.tooManyRequests}; try again in ${SENTINEL}`),
    (wait) => `${API_ERRORS_RU.tooManyRequests}; попробуйте снова через ${ruWait(wait)}`,
  ],
];

type FieldTemplate = readonly [RegExp, (name: string, value: string) => string];
const FIELD_TEMPLATES: readonly FieldTemplate[] = [
  [/^(.+) must not contain control characters$/, (f) => `Поле ${field(f)} не должно содержать управляющих символов`],
  [/^(.+) must be at most (\d+) characters$/, (f, n) => `Поле ${field(f)} — до ${chars(n)}`],
  [/^(.+) is required$/, (f) => `Поле ${field(f)} обязательно`],
  [/^(.+) must be a (\w+)$/, (f, type) => `Поле ${field(f)} должно иметь тип ${type}`],
  [/^(.+) is too short$/, (f) => `Поле ${field(f)} слишком короткое`],
  [/^(.+) is too long$/, (f) => `Поле ${field(f)} слишком длинное`],
  [/^(.+) must be at least (\S+)$/, (f, n) => `Поле ${field(f)} должно быть не меньше ${n}`],
  [/^(.+) must be at most (\S+)$/, (f, n) => `Поле ${field(f)} должно быть не больше ${n}`],
  [/^(.+) must be one of: (.+)$/, (f, values) => `Поле ${field(f)} должно быть одним из: ${values}`],
  [/^(.+) is not a valid (\w+)$/, (f, format) => `Поле ${field(f)} — неверный формат (${format})`],
  [/^(.+) is invalid$/, (f) => `Поле ${field(f)} заполнено неверно`],
];

/**
 * An error text for a reader of `language`. A text no catalogue knows (a third party's) is sent as written
 * rather than replaced by a vaguer one.
 */
export function errorTextIn(language: Language, english: string): string {
  if (language === 'en') return english;
  const known = STATIC_RU.get(english);
  if (known !== undefined) return known;
  for (const [pattern, write] of TEMPLATES) {
    const match = pattern.exec(english);
    if (match) return write(match[1]!);
  }
  for (const [pattern, write] of FIELD_TEMPLATES) {
    const match = pattern.exec(english);
    if (match) return write(match[1]!, match[2] ?? '');
  }
  return english;
}
