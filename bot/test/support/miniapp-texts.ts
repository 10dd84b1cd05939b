import { readFileSync } from 'node:fs';

/**
 * A mini-app folder's catalogue in one language (`miniapp/src/features/<folder>/locales/<language>.json`):
 * where SPEC's texts that the bot also says live, so the bot's tests compare with that one copy.
 */
export function miniappTexts(folder: string, language: 'en' | 'ru' = 'en'): Record<string, string> {
  const file = new URL(`../../../miniapp/src/features/${folder}/locales/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}
