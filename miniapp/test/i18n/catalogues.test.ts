import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@stickerdrop/shared';

/**
 * Every folder's catalogues: the same keys in every language, keys named after their folder (so two folders
 * never collide), the same placeholders, Russian plurals with all of CLDR's forms, and no key the folder's
 * code has stopped using. A text added in English only, or a key typed in Russian only, fails here.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

function catalogueFolders(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name === 'locales') found.push(dir);
      else walk(full);
    }
  };
  walk(SRC);
  return found;
}

const read = (folder: string, language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(folder, 'locales', `${language}.json`), 'utf8')) as Record<string, string>;

/** `{name}` and `{count, plural, …}` argument names of an ICU message. */
const argumentsOf = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]))].sort();

function sourceOf(folder: string): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) texts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(folder);
  return texts.join('\n');
}

const folders = catalogueFolders();
/** Keys are used mostly in their folder, sometimes beside it (app/ErrorBoundary shows layout's texts). */
const allSource = sourceOf(SRC);

describe('message catalogues', () => {
  it('exist for the app shell at least', () => {
    expect(folders.map((folder) => path.relative(SRC, folder))).toContain('app/layout');
  });

  describe.each(folders.map((folder) => [path.relative(SRC, folder), folder]))('%s', (name, folder) => {
    const english = read(folder, 'en');
    const prefix = `${path.basename(name)}.`;

    it('has the same keys in every language', () => {
      for (const language of LANGUAGES)
        expect(Object.keys(read(folder, language)).sort()).toEqual(Object.keys(english).sort());
    });

    it('names every key after its folder and declares the catalogue in messages.ts', () => {
      for (const key of Object.keys(english)) expect(key.startsWith(prefix), key).toBe(true);
      expect(fs.readFileSync(path.join(folder, 'messages.ts'), 'utf8')).toContain(`'${path.basename(name)}'`);
    });

    it('gives every translation the placeholders of the English text, and no empty text', () => {
      for (const language of LANGUAGES) {
        for (const [key, message] of Object.entries(read(folder, language))) {
          expect(message.trim(), `${language} ${key}`).not.toBe('');
          expect(argumentsOf(message), `${language} ${key}`).toEqual(argumentsOf(english[key]!));
        }
      }
    });

    it('writes every Russian plural with the one, few, many and other forms', () => {
      for (const [key, message] of Object.entries(read(folder, 'ru'))) {
        if (!/,\s*plural\s*,/.test(message)) continue;
        for (const form of ['one', 'few', 'many', 'other'])
          expect(message, key).toMatch(new RegExp(`\\b${form}\\s*\\{`));
      }
    });

    it('uses every key in the code', () => {
      const source = allSource;
      for (const key of Object.keys(english)) expect(source.includes(`'${key}'`), `${key} is unused`).toBe(true);
    });
  });
});
