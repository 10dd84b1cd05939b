import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FluentResource } from '@fluent/bundle';
import { describe, expect, it } from 'vitest';
import { DROP_TEXTS, FEATURE_BLURBS, HOME_TAGLINE, LANGUAGES, MESSAGES } from '@stickerdrop/shared';
import { LOCALES_DIR, translatorFor } from '../src/i18n.js';
import { botCommandsIn } from '../src/runtime/setup.js';
import { REFUND_KEYS } from '../src/views/refund-texts.js';

const SRC_DIR = new URL('../src', import.meta.url).pathname;

function keysOf(language: string): Set<string> {
  const resource = new FluentResource(readFileSync(join(LOCALES_DIR, `${language}.ftl`), 'utf8'));
  return new Set(resource.body.map((entry) => entry.id));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every key the code asks for: `t('key')`, `ctx.t('key', …)`, `translatorFor(…)('key')`. */
function keysUsedInCode(): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(SRC_DIR)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:\bt|\))\(\s*'([a-z][a-z0-9-]*)'/g)) used.add(match[1]!);
  }
  return used;
}

describe('the bot’s catalogues', () => {
  it('one .ftl per language, each parsed without a junk entry', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual(LANGUAGES.map((language) => `${language}.ftl`).sort());
    for (const language of LANGUAGES) {
      const resource = new FluentResource(readFileSync(join(LOCALES_DIR, `${language}.ftl`), 'utf8'));
      // A syntax error becomes a Junk entry, which FluentResource drops: count the messages the text defines.
      const defined = readFileSync(join(LOCALES_DIR, `${language}.ftl`), 'utf8').match(/^[a-z][a-z0-9_-]* =/gm) ?? [];
      expect(resource.body.length, language).toBe(defined.length);
    }
  });

  it('English and Russian have the same keys', () => {
    expect([...keysOf('ru')].sort()).toEqual([...keysOf('en')].sort());
  });

  it('every key the code uses exists in both, and the command list’s too', () => {
    const used = keysUsedInCode();
    expect(used.size).toBeGreaterThan(5);
    for (const language of LANGUAGES) {
      const keys = keysOf(language);
      const missing = [...used, ...REFUND_KEYS].filter((key) => !keys.has(key));
      expect(missing, language).toEqual([]);
      for (const { command, description } of botCommandsIn(language)) {
        expect(keys.has(`cmd-${command}`), `${language} cmd-${command}`).toBe(true);
        expect(description).not.toMatch(/^cmd-|\{/);
      }
    }
  });

  it('English copies SPEC’s texts exactly as shared/ holds them', () => {
    const t = translatorFor('en');
    expect(t('welcome')).toBe(
      `<b>Welcome to Stickerdrop!</b>\n\n${HOME_TAGLINE}\n\n${FEATURE_BLURBS.map((blurb) => `• ${blurb}`).join('\n')}`,
    );
    expect(t('receipt', { title: 'T', serial: '1', maxSupply: '2', amount: '1.50', orderId: 'o' })).toContain(
      `<b>${MESSAGES.purchaseSuccess}</b>`,
    );
    expect(t('drop-opened', { title: 'T' })).toContain(DROP_TEXTS.serialRule);
  });

  it('writes no isolation marks around values (HTML for Telegram, SPEC’s texts byte for byte)', () => {
    for (const language of LANGUAGES) {
      expect(
        translatorFor(language)('sale-notice', { title: 'A', serial: '1', maxSupply: '9', amount: '1' }),
      ).not.toMatch(/[\u2068\u2069]/);
    }
  });
});
