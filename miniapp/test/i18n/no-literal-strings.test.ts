import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import NOT_YET_TRANSLATED from '../../untranslated-folders.json';

/**
 * The literal-string check of `npm run lint`, run here too so the mini-app's suite fails on a word written
 * into a component instead of a catalogue. Folders not converted yet are listed in
 * miniapp/untranslated-folders.json; the list shrinks to nothing.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const RULE = 'lingui/no-unlocalized-strings';

describe('no literal strings in the mini-app', () => {
  const eslint = new ESLint({ cwd: ROOT });

  it('finds none in the converted folders', { timeout: 180_000 }, async () => {
    const results = await eslint.lintFiles(['miniapp/src']);
    const literals = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === RULE)
        .map((message) => `${path.relative(ROOT, result.filePath)}:${message.line}`),
    );
    expect(literals).toEqual([]);
  });

  it('catches a text written into a component', { timeout: 60_000 }, async () => {
    const code = 'export const Greeting = () => <p className="greeting">Welcome back</p>;\n';
    // The text stands in for an existing file, which the type-aware rule needs to find in the project.
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'miniapp/src/app/layout/Footer.tsx') });
    expect(result!.messages.map((message) => message.ruleId)).toEqual([RULE]);
  });

  it('lists only folders that exist, once each', () => {
    for (const folder of NOT_YET_TRANSLATED)
      expect(fs.existsSync(path.join(ROOT, 'miniapp/src', folder)), folder).toBe(true);
    expect(new Set(NOT_YET_TRANSLATED).size).toBe(NOT_YET_TRANSLATED.length);
  });
});
