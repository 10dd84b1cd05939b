import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMOJI } from '../../../e2e/support/emoji';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Everything the mini-app's screens show comes from these: its own source and shared's texts. */
const SOURCES = ['miniapp/src', 'miniapp/index.html', 'shared/src'];

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (fs.statSync(full).isFile()) return [entry];
  return fs.readdirSync(full).flatMap((name) => files(path.join(entry, name)));
}

describe('icons', () => {
  it('no emoji in the mini-app source or the texts it shows: icons are SVG', () => {
    const found = SOURCES.flatMap(files)
      .filter((file) => /\.(tsx?|css|html)$/.test(file))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (EMOJI.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
