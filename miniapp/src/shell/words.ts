import type { Language } from '@stickerdrop/shared';
import english from './locales/en.json';
import russian from './locales/ru.json';

/**
 * The first screen's words in a language, as plain text: the inline script has no message runtime, and
 * these have no placeholders. The app shows the same files through shellTexts (messages.ts).
 */
export function firstScreenWords(language: Language): typeof english {
  return language === 'ru' ? russian : english;
}
