import type { Language } from '../language.js';

/**
 * A TON amount as formatTon writes it ("1,234.56") in the reader's language: unchanged in English (SPEC's
 * format), Russian digits in Russian ("1 234,56", as Intl.NumberFormat('ru-RU') writes it, with a no-break
 * space). Done on the text, not a float, so no digit of a nanoton amount is lost.
 */
export function tonAmountIn(language: Language, amount: string): string {
  if (language === 'en') return amount;
  const [whole = '', fraction] = amount.replace(/,/g, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return fraction === undefined ? grouped : `${grouped},${fraction}`;
}
