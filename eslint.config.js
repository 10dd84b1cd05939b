import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import lingui from 'eslint-plugin-lingui';

/**
 * Folders of miniapp/src whose texts are not in catalogues yet (miniapp/untranslated-folders.json): the
 * literal-string check skips them. Each folder leaves the list once its texts are keyed (docs/i18n.md);
 * miniapp/test/i18n/no-literal-strings.test.ts runs the same check and requires every listed folder to exist.
 * The list must end empty.
 */
const NOT_YET_TRANSLATED = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'miniapp/untranslated-folders.json'), 'utf8'),
);

/**
 * What the mini-app may write as a literal: non-text only. Lower-case tokens (CSS classes, query keys, event
 * names, ids), paths and URLs, constants, brand names; attributes that never hold words (className, test ids,
 * hrefs, roles, types…). Every word a person reads comes from a catalogue (docs/i18n.md).
 */
const LITERAL_STRINGS = {
  ignore: [
    '^[a-z][\\w.:/-]*$',
    // A class list such as 'nav-link nav-link--active': lower-case tokens, one with a dash or underscore.
    '^(?=.*[-_])[a-z][\\w-]*( [a-z][\\w-]*)+$',
    '^/',
    '^https?://',
    '^[A-Z][A-Z0-9_]*$',
    '^#',
    // Lengths and margins: '400px 0px'.
    '^-?[0-9.]+(px|%|rem|em)( -?[0-9.]+(px|%|rem|em))*$',
    // CSS custom properties and BEM parts built around a value: '--tg-theme-', `${kind}__media`.
    '^(--|__)',
    '^(GitHub|Telegram|TON|Stickerdrop|Tonkeeper|Stripe)$',
  ],
  ignoreNames: [
    {
      regex: {
        pattern:
          '^(className|\\w+ClassName|data-[\\w-]+|type|role|to|href|rel|target|id|key|name|variant|size|mode|inputMode|' +
          'autoComplete|lang|dir|method|src|srcSet|sizes|loading|decoding|fetchPriority|display|align|justify|' +
          'position|appearance|platform|htmlFor|form|accept|pattern|enterKeyHint|d|viewBox|fill|stroke|' +
          'strokeLinecap|strokeLinejoin|xmlns|\\w+Key|aria-(controls|describedby|labelledby|hidden|live|current|haspopup|expanded))$',
      },
    },
  ],
  ignoreFunctions: [
    'console.*',
    'Error',
    'TypeError',
    'RangeError',
    'URLSearchParams',
    'URL',
    'Intl.*',
    'document.*',
    'window.*',
    'localStorage.*',
    'sessionStorage.*',
    '*.addEventListener',
    '*.removeEventListener',
    '*.querySelector',
    '*.querySelectorAll',
    '*.setAttribute',
    '*.getAttribute',
    '*.get',
    '*.set',
    '*.has',
    '*.delete',
    '*.request',
    '*.raw',
    'fetch',
    'matchMedia',
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', 'core/drizzle', '.test-data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['miniapp/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Nothing untranslated: a word a person reads is never a literal in the mini-app's code.
    files: ['miniapp/src/**/*.{ts,tsx}'],
    ignores: ['miniapp/src/**/*.d.ts', ...NOT_YET_TRANSLATED.map((folder) => `miniapp/src/${folder}/**`)],
    plugins: { lingui },
    rules: { 'lingui/no-unlocalized-strings': ['error', LITERAL_STRINGS] },
  },
  {
    // Config is read in exactly one file per app (STYLE.md habit 2).
    files: [
      'core/src/**/*.ts',
      'api/src/**/*.ts',
      'bot/src/**/*.ts',
      'shared/src/**/*.ts',
      'miniapp/src/**/*.{ts,tsx}',
    ],
    ignores: ['core/src/config.ts', 'bot/src/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read config.ts instead.' }],
    },
  },
);
