import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import NOT_YET_TRANSLATED from '../../untranslated-folders.json';

/**
 * The literal-string check of `npm run lint`, run here too so the mini-app's suite fails on a word written
 * into a component instead of a catalogue. Folders not converted yet are listed in
 * miniapp/untranslated-folders.json; the list shrinks to nothing. ESLint runs in a process of its own: loaded
 * into this worker, which the other files of the project share, it left their screens slow to appear.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const RULE = 'lingui/no-unlocalized-strings';
const ESLINT = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; line: number }[];
}

/** ESLint's results as JSON; it exits 1 when it found problems, and its report is on stdout either way. */
async function lint(args: string[]): Promise<LintResult[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [ESLINT, '--format', 'json', ...args], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout) as LintResult[];
}

function lintText(code: string, filePath: string): Promise<LintResult[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [ESLINT, '--format', 'json', '--stdin', '--stdin-filename', filePath],
      { cwd: ROOT },
      (error, stdout) => (stdout ? resolve(JSON.parse(stdout) as LintResult[]) : reject(error)),
    );
    child.stdin!.end(code);
  });
}

const literalsIn = (results: LintResult[]) =>
  results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === RULE)
      .map((message) => `${path.relative(ROOT, result.filePath)}:${message.line}`),
  );

describe('no literal strings in the mini-app', () => {
  it('finds none in the converted folders', { timeout: 180_000 }, async () => {
    expect(literalsIn(await lint(['miniapp/src']))).toEqual([]);
  });

  it('catches a text written into a component', { timeout: 60_000 }, async () => {
    const code = 'export const Greeting = () => <p className="greeting">Welcome back</p>;\n';
    const results = await lintText(code, 'miniapp/src/app/layout/Greeting.tsx');
    expect(literalsIn(results)).toEqual(['miniapp/src/app/layout/Greeting.tsx:1']);
  });

  it('lists only folders that exist, once each', () => {
    for (const folder of NOT_YET_TRANSLATED)
      expect(fs.existsSync(path.join(ROOT, 'miniapp/src', folder)), folder).toBe(true);
    expect(new Set(NOT_YET_TRANSLATED).size).toBe(NOT_YET_TRANSLATED.length);
  });
});
