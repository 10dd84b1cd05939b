import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('ButtonLink', () => {
  // It borrows telegram-ui's Button classes by name: an upgrade that renames them would leave plain links.
  it("uses only classes telegram-ui's Button and its label give themselves", () => {
    const classes = read('miniapp/src/components/button-classes.ts').match(/tgui-[0-9a-f]{16}/g) ?? [];
    expect(classes.length).toBeGreaterThan(10);
    const components = [
      'Blocks/Button/Button.js',
      'Service/Tappable/Tappable.js',
      'Typography/Typography.js',
      'Typography/Text/Text.js',
      'Typography/Subheadline/Subheadline.js',
    ].map((file) => read(`node_modules/@telegram-apps/telegram-ui/dist/components/${file}`));
    expect(classes.filter((name) => !components.some((source) => source.includes(`"${name}"`)))).toEqual([]);
  });
});
