import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FluentResource } from '@fluent/bundle';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, CATEGORIES, LANGUAGES, MESSAGES } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { LOCALES_DIR, translatorFor } from '../src/i18n.js';
import { botCommandsIn } from '../src/runtime/setup.js';
import { REPORT_REASON_KEY_FAMILY } from '../src/features/report-pack.js';
import { PACK_REMOVED_KEY_FAMILIES } from '../src/outbox/ops-deliveries.js';
import { REFUND_KEYS } from '../src/views/refund-texts.js';
import { SIGN_IN_VIA_KEYS } from '../src/views/texts.js';
import { literalTexts } from './support/literal-texts.js';
import { miniappTexts } from './support/miniapp-texts.js';

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

/**
 * Every key the code asks for: `t('key')`, `ctx.t(cond ? 'a' : 'b', …)`, `translatorFor(…)('key')`, and keys
 * put together in a template (`t(\`category-${c}\`)`), as their fixed prefix.
 */
function keysUsedInCode(dir: string): { keys: Set<string>; prefixes: Set<string> } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/(?:\bt|\))\(\s*([^,()]*?)\s*[,)]/g)) {
      const argument = call[1]!;
      // A string compared with (`kind === 'emoji' ? …`) or defaulted to inside a template is a value, not a key.
      const values = argument.replace(/\$\{[^}]*\}/g, '').replace(/(===|!==)\s*'[^']*'/g, '');
      for (const key of values.matchAll(/'([a-z][a-z0-9-]*)'/g)) keys.add(key[1]!);
      for (const prefix of argument.matchAll(/`([a-z][a-z0-9-]*-)\$\{/g)) prefixes.add(prefix[1]!);
    }
  }
  return { keys, prefixes };
}

/** The keys of each template family, spelled out where the values are listed. */
const FAMILIES: Record<string, readonly string[]> = {
  'category-': CATEGORIES.map((category) => `category-${category}`),
  'sign-in-via-': SIGN_IN_VIA_KEYS,
  'cmd-': botCommandsIn('en').map(({ command }) => `cmd-${command}`),
  'refund-why-': REFUND_KEYS.filter((key) => key.startsWith('refund-why-')),
  'refund-how-': REFUND_KEYS.filter((key) => key.startsWith('refund-how-')),
  ...PACK_REMOVED_KEY_FAMILIES,
  ...REPORT_REASON_KEY_FAMILY,
};

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

  it('every key the code uses exists in both, and every key in them is used', () => {
    const { keys: used, prefixes } = keysUsedInCode(SRC_DIR);
    expect(used.size).toBeGreaterThan(100);
    expect([...prefixes].sort()).toEqual(Object.keys(FAMILIES).sort());
    const wanted = new Set([...used, ...REFUND_KEYS, ...Object.values(FAMILIES).flat()]);
    for (const language of LANGUAGES) {
      const keys = keysOf(language);
      expect(
        [...wanted].filter((key) => !keys.has(key)),
        `${language}: used, missing`,
      ).toEqual([]);
      expect(
        [...keys].filter((key) => !wanted.has(key)),
        `${language}: defined, never used`,
      ).toEqual([]);
      for (const { command, description } of botCommandsIn(language)) {
        expect(description).not.toMatch(/^cmd-|\{/);
        expect(keys.has(`cmd-${command}`)).toBe(true);
      }
    }
  });

  it('reads the keys a call asks for, in a condition too, and a template’s prefix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bot-keys-'));
    writeFileSync(
      join(dir, 'feature.ts'),
      "ctx.t(done ? 'login-signed-in' : 'login-cancelled-short');\nreader.t(`category-${c ?? 'x'}`, { n: 1 });\n" +
        "t(kind === 'emoji' ? 'emoji-pack' : 'sticker-pack');\nt('open');\n",
    );
    const { keys, prefixes } = keysUsedInCode(dir);
    expect([...keys].sort()).toEqual([
      'emoji-pack',
      'login-cancelled-short',
      'login-signed-in',
      'open',
      'sticker-pack',
    ]);
    expect([...prefixes]).toEqual(['category-']);
  });

  it('no text a user reads is written in the code: replies, buttons and alerts come from the catalogues', () => {
    expect(literalTexts(SRC_DIR)).toEqual([]);
  });

  it('the literal check catches a reply, a button and a sentence written in the code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bot-literals-'));
    writeFileSync(
      join(dir, 'feature.ts'),
      [
        '// A comment may say anything at all.',
        "ctx.reply('Sign-in cancelled');",
        "keyboard.text('Open', 'x');",
        'const help = `Send ${command} to start`;',
        "log.error({ err }, 'update handler failed');",
        "throw new PermanentDeliveryError('Pack gone for good');",
        "ctx.reply(ctx.t('cancelled'));",
      ].join('\n'),
    );
    expect(literalTexts(dir).map(({ line, text }) => [line, text])).toEqual([
      [2, 'Sign-in cancelled'],
      [3, 'Open'],
      [4, 'Send   to start'],
    ]);
  });

  it('English copies SPEC’s texts exactly as shared/ holds them', () => {
    const t = translatorFor('en');
    expect(t('welcome')).toBe(
      `<b>Welcome to Stickerdrop!</b>\n\n${SPEC_TEXTS.homeTagline}\n\n${SPEC_TEXTS.featureBlurbs.map((blurb) => `• ${blurb}`).join('\n')}`,
    );
    expect(t('receipt', { title: 'T', serial: '1', maxSupply: '2', amount: '1.50', orderId: 'o' })).toContain(
      `<b>${SPEC_TEXTS.purchaseSuccess}</b>`,
    );
    const packPage = miniappTexts('pack-detail');
    const drops = miniappTexts('drops');
    expect(t('drop-opened', { title: 'T' })).toContain(packPage['pack-detail.serialRule']);
    expect(t('pack-not-found')).toBe(
      `<b>${MESSAGES.packNotFound}</b>\n${SPEC_TEXTS.packNotFoundDetail.replace(/&/g, '&amp;')}`,
    );
    const profile = miniappTexts('profile');
    const createPack = miniappTexts('create-pack');
    expect(t('creator-access-required')).toBe(
      `<b>${profile['profile.creatorAccess.title']}</b>\n${profile['profile.creatorAccess.detail']}\n\nOr send /becomecreator.`,
    );
    expect(t('became-creator')).toBe(
      `${profile['profile.toast.becameCreator']}\nSend /newpack to upload your first pack.`,
    );
    expect(t('something-went-wrong')).toBe(`${SPEC_TEXTS.somethingWentWrong}. Please try again.`);
    for (const key of ['become-creator-failed', 'creating', 'sticker-created', 'create-failed'] as const) {
      const spec = {
        'become-creator-failed': profile['profile.toast.becomeCreatorFailed'],
        creating: createPack['create-pack.creating'],
        'sticker-created': createPack['create-pack.toast.created'],
        'create-failed': createPack['create-pack.toast.failed'],
      }[key];
      expect(t(key)).toBe(spec);
    }
    expect(t('login-expired').split('\n')[0]).toBe(`${API_ERRORS.loginCodeExpired}.`);
    expect(t('supply-left', { left: '3', maxSupply: '10' })).toBe(`3 of 10 left · ${SPEC_TEXTS.limitedEdition}`);
    expect(t('per-user-cap', { max: '3' })).toBe(packPage['pack-detail.perUserCap']!.replace('{max}', '3'));
    expect(t('notify-me')).toBe(`🔔 ${drops['drops.notifyMe']}`);
    expect(t('notify-on')).toBe(drops['drops.subscribed']);
    expect(t('notify-off')).toBe(drops['drops.unsubscribed']);
    for (const via of ['telegram', 'bot', 'demo', 'unknown']) {
      expect(t(`sign-in-via-${via}`)).toBe(profile[`profile.sessions.via.${via}`]);
    }
  });

  it('names sign-in ways and the creator toasts in Russian as the mini-app’s profile does', () => {
    const t = translatorFor('ru');
    const profile = miniappTexts('profile', 'ru');
    for (const via of ['telegram', 'bot', 'demo', 'unknown']) {
      expect(t(`sign-in-via-${via}`)).toBe(profile[`profile.sessions.via.${via}`]);
    }
    expect(t('became-creator').split('\n')[0]).toBe(profile['profile.toast.becameCreator']);
    expect(t('become-creator-failed')).toBe(profile['profile.toast.becomeCreatorFailed']);
  });

  it('writes no isolation marks around values (HTML for Telegram, SPEC’s texts byte for byte)', () => {
    for (const language of LANGUAGES) {
      expect(
        translatorFor(language)('sale-notice', { title: 'A', serial: '1', maxSupply: '9', amount: '1' }),
      ).not.toMatch(/[\u2068\u2069]/);
    }
  });
});
