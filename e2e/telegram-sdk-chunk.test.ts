import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { markTopLevelCallsPure, otherTopLevelStatements } from '../scripts/vite-telegram-sdk-pure';
import { E2E_DIST } from './support/paths';

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
