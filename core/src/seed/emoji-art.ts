import fs from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The demo's art: Microsoft's Fluent Emoji (MIT licence), as packaged for Iconify. The package is one
 * 100 MB JSON file, so it is read once per process and only the icons the catalogue names are kept.
 */
export const EMOJI_ART_PACKAGE = '@iconify-json/fluent-emoji';

/** Who made the art and under what licence: shown in the README and in the API's docs. */
export const DEMO_ART_CREDIT =
  "The demo catalogue's sticker art is Fluent Emoji by Microsoft (https://github.com/microsoft/fluentui-emoji), " +
  'MIT licence, from the npm package @iconify-json/fluent-emoji; the animated shapes are our own.';

const require = createRequire(import.meta.url);

interface IconifyIcon {
  body: string;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
}
interface IconifySet {
  width?: number;
  height?: number;
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, { parent: string }>;
}

/** The package's name, version and licence, for the cache key and the attribution. */
export function emojiArtPackage(): { name: string; version: string; license: string } {
  return require(`${EMOJI_ART_PACKAGE}/package.json`) as { name: string; version: string; license: string };
}

let loaded: Promise<Map<string, string>> | undefined;
let loadedNames = '';

/** Each named icon as a square SVG document of `side` pixels; an unknown name is a mistake in the catalogue. */
export async function emojiSvgs(names: readonly string[]): Promise<Map<string, (side: number) => string>> {
  const key = [...new Set(names)].sort().join(',');
  if (!loaded || loadedNames !== key) {
    loadedNames = key;
    loaded = readIcons(key.split(','));
  }
  const bodies = await loaded;
  return new Map(
    [...bodies].map(([name, inner]) => [
      name,
      (side: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" ${inner}</svg>`,
    ]),
  );
}

async function readIcons(names: string[]): Promise<Map<string, string>> {
  const set = JSON.parse(await fs.readFile(require.resolve(`${EMOJI_ART_PACKAGE}/icons.json`), 'utf8')) as IconifySet;
  const found = new Map<string, string>();
  for (const name of names) {
    const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
    if (!icon) throw new Error(`The demo catalogue names an emoji the art set does not have: ${name}`);
    const width = icon.width ?? set.width ?? 16;
    const height = icon.height ?? set.height ?? 16;
    found.set(name, `viewBox="${icon.left ?? 0} ${icon.top ?? 0} ${width} ${height}">${icon.body}`);
  }
  return found;
}
