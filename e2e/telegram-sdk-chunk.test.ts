import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import type * as Valibot from 'valibot';
import { checkWebviewProxyDirectly, rememberLaunchParams } from '../scripts/vite-telegram-bridge';
import { markTopLevelCallsPure, otherTopLevelStatements } from '../scripts/vite-telegram-sdk-pure';
import { E2E_DIST } from './support/paths';
import { telegramLaunchAddress } from './support/telegram-mock';

const require = createRequire(path.join(import.meta.dirname, '../miniapp/package.json'));
// The package's ESM entry, the file the build reads (its exports name no package.json to resolve).
const SDK_FILE = require.resolve('@telegram-apps/sdk').replace(/index\.cjs$/, 'index.js');
const sdkSource = fs.readFileSync(SDK_FILE, 'utf8');

/** The SDK chunk of the build the browser tests run (made by global setup). */
function sdkChunk(): string {
  const assets = path.join(E2E_DIST, 'assets');
  const file = fs.readdirSync(assets).find((name) => /^sdk-bundle-.*\.js$/.test(name));
  return fs.readFileSync(path.join(assets, file!), 'utf8');
}

describe('the Telegram SDK in the build', () => {
  it('is the version whose top-level calls were read and found to register nothing', () => {
    const manifest = JSON.parse(fs.readFileSync(SDK_FILE.replace(/dist[\\/]index\.js$/, 'package.json'), 'utf8'));
    expect(manifest.version).toMatch(/^3\.11\./);
  });

  it('has only declarations at its top level, so leaving out a component nobody names changes nothing', () => {
    expect(otherTopLevelStatements(sdkSource)).toEqual([]);
  });

  it('stays valid JavaScript with its top-level calls marked pure', () => {
    const marked = markTopLevelCallsPure(sdkSource);
    expect(() => parseAst(marked)).not.toThrow();
    expect(marked.length).toBeGreaterThan(sdkSource.length);
  });

  it('leaves out the components the app never uses, and keeps those it does', () => {
    const chunk = sdkChunk();
    for (const unused of ['biometry_auth_requested', 'qr_text_received']) expect(chunk).not.toContain(unused);
    for (const used of ['web_app_setup_main_button', 'web_app_setup_back_button', 'web_app_open_invoice']) {
      expect(chunk).toContain(used);
    }
  });
});

const BRIDGE_FILE = require.resolve('@telegram-apps/bridge').replace(/index\.cjs$/, 'index.js');
const bridgeSource = fs.readFileSync(BRIDGE_FILE, 'utf8');
/** The valibot the bridge itself imports, to compare its schema's answers with the direct test's. */
const { function_, is, looseObject } = createRequire(BRIDGE_FILE)('valibot') as typeof Valibot;
/** The launch-parameter readers the bridge itself imports. */
const { isLaunchParamsQuery, parseLaunchParamsQuery } = createRequire(BRIDGE_FILE)('@telegram-apps/transformers') as {
  isLaunchParamsQuery(query: string): boolean;
  parseLaunchParamsQuery(query: string): unknown;
};

describe("the Telegram bridge's checks in the build", () => {
  it('is the version whose launch-parameter readers and proxy test were read', () => {
    const manifest = JSON.parse(fs.readFileSync(BRIDGE_FILE.replace(/dist[\\/]index\.js$/, 'package.json'), 'utf8'));
    expect(manifest.version).toMatch(/^2\.11\./);
  });

  it('reads each launch-parameters query once and stays valid JavaScript', () => {
    const changed = rememberLaunchParams(bridgeSource);
    expect(() => parseAst(changed)).not.toThrow();
    expect(changed).toMatch(/const ([\w$]+) = __answersByQuery\(__parseQuery\), [\w$]+ = __parsesWith\(\1\);/);
  });

  it('tests a query as the schema does, by whether it parses', () => {
    const source = /function __parsesWith\(parse\) \{[\s\S]*?\n\}/.exec(rememberLaunchParams(bridgeSource))![0];
    const parsesWith = new Function(`${source}; return __parsesWith;`)() as (
      parse: (query: string) => unknown,
    ) => (query: string) => boolean;
    const valid = parsesWith(parseLaunchParamsQuery);
    const launch = new URLSearchParams(telegramLaunchAddress({ botToken: '1:test' }).split('#')[1]);
    const without = (name: string) => {
      const query = new URLSearchParams(launch);
      query.delete(name);
      return query.toString();
    };
    const candidates = [
      launch.toString(),
      without('tgWebAppData'),
      without('tgWebAppVersion'),
      without('tgWebAppPlatform'),
      launch.toString().replace('tgWebAppThemeParams=', 'tgWebAppThemeParams=x'),
      '',
      'tgWebAppVersion=8.0',
      '/sticker?id=1',
    ];
    const answers = candidates.map((candidate) => isLaunchParamsQuery(candidate));
    expect(answers).toContain(true);
    expect(answers).toContain(false);
    for (const [at, candidate] of candidates.entries()) expect(valid(candidate), candidate).toBe(answers[at]);
  });

  it("tests for the webview's proxy as valibot's schema did, without walking the window", () => {
    const changed = checkWebviewProxyDirectly(bridgeSource);
    expect(() => parseAst(changed)).not.toThrow();
    const source = /function ([\w$]+)\(e\) \{\n {2}const proxy[^}]*\n\}/.exec(changed)![0];
    const direct = new Function(`${source}; return ${source.slice(9, source.indexOf('('))};`)() as (
      e: unknown,
    ) => boolean;
    const schema = looseObject({ TelegramWebviewProxy: looseObject({ postEvent: function_() }) });
    const candidates = [
      { TelegramWebviewProxy: { postEvent() {} } },
      { TelegramWebviewProxy: { postEvent: 'no' } },
      { TelegramWebviewProxy: () => {} },
      { TelegramWebviewProxy: null },
      { other: 1 },
      null,
      undefined,
      'text',
    ];
    for (const candidate of candidates) expect(direct(candidate)).toBe(is(schema, candidate));
  });

  it('leaves no loose schema of the window in the SDK chunk', () => {
    expect(sdkChunk()).not.toMatch(/TelegramWebviewProxy:\s*[\w$]+\(\{\s*postEvent:/);
  });
});
