/**
 * What the Home route costs to load, read from a production build's manifest: the gzip of the JS and CSS
 * the browser fetches before Home can run, on the plain web and inside Telegram (where the SDK chunk loads
 * too), and the same with Russian chosen, when every catalogue Home's modules name fetches its Russian
 * chunk as well. `npm run bench:size` prints these figures alone, without Lighthouse.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The goals: Home on the web and inside Telegram, English or Russian. */
export const BUNDLE_TARGETS = { homeJsWebKb: 90, homeJsTelegramKb: 100, homeCssKb: 15 };

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteCost {
  jsKb: number;
  cssKb: number;
}

export interface BundleFigures {
  web: RouteCost;
  telegram: RouteCost;
  webRussian: RouteCost;
  telegramRussian: RouteCost;
  marketplace: RouteCost;
}

export async function buildForProduction(outDir: string): Promise<Manifest> {
  process.env.NODE_ENV = 'production';
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically: what the browser fetches before the chunk can run. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(manifest, child, seen);
  return seen;
}

/** The Russian catalogue chunks that the modules in `keys` load when Russian is chosen. */
function withRussian(manifest: Manifest, keys: Set<string>): Set<string> {
  const all = new Set(keys);
  for (const key of keys) {
    for (const lazy of manifest[key]?.dynamicImports ?? []) {
      if (/\/locales\/ru\.json/.test(lazy)) closure(manifest, lazy, all);
    }
  }
  return all;
}

function routeCost(outDir: string, manifest: Manifest, keys: Set<string>): RouteCost {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length / 1024;
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);
  return { jsKb: sum(js), cssKb: sum(css) };
}

export function bundleFigures(outDir: string, manifest: Manifest): BundleFigures {
  const cost = (keys: Set<string>) => routeCost(outDir, manifest, keys);
  const home = closure(manifest, 'index.html');
  // init.ts asks for the SDK: from whichever of Home's chunks holds it.
  const sdkKey = [...home]
    .flatMap((key) => manifest[key]?.dynamicImports ?? [])
    .find((key) => key.includes('sdk-bundle'));
  if (!sdkKey) throw new Error('the Telegram SDK chunk was not found in the build manifest');
  const telegram = closure(manifest, sdkKey, new Set(home));
  const marketKey = Object.keys(manifest).find((key) => key.includes('MarketplacePage'))!;
  const marketplaceOnly = [...closure(manifest, marketKey, new Set(home))].filter((key) => !home.has(key));
  return {
    web: cost(home),
    telegram: cost(telegram),
    webRussian: cost(withRussian(manifest, home)),
    telegramRussian: cost(withRussian(manifest, telegram)),
    marketplace: cost(new Set(marketplaceOnly)),
  };
}

/** Prints the figures against the goals; returns the names of the goals missed. */
export function printBundleFigures(bundles: BundleFigures): string[] {
  const failures: string[] = [];
  const kb = (value: number) => `${value.toFixed(1)} kB`.padStart(9);
  const line = (label: string, value: number, goal: number) => {
    const ok = value <= goal;
    if (!ok) failures.push(label.trim());
    console.log(`  ${label} ${kb(value)}  goal ≤ ${goal} kB  ${ok ? 'ok' : 'MISSED'}`);
  };
  console.log('\nHome route, gzip (what the first load fetches):');
  line('JS  plain web                 ', bundles.web.jsKb, BUNDLE_TARGETS.homeJsWebKb);
  line('JS  plain web, Russian        ', bundles.webRussian.jsKb, BUNDLE_TARGETS.homeJsWebKb);
  line('JS  inside Telegram           ', bundles.telegram.jsKb, BUNDLE_TARGETS.homeJsTelegramKb);
  line('JS  inside Telegram, Russian  ', bundles.telegramRussian.jsKb, BUNDLE_TARGETS.homeJsTelegramKb);
  line('CSS                           ', bundles.web.cssKb, BUNDLE_TARGETS.homeCssKb);
  console.log(
    `  Marketplace route adds ${kb(bundles.marketplace.jsKb).trim()} JS, ${kb(bundles.marketplace.cssKb).trim()} CSS`,
  );
  return failures;
}

async function main(): Promise<void> {
  const outDir = path.join(ROOT, '.test-data/bench-size');
  const failures = printBundleFigures(bundleFigures(outDir, await buildForProduction(outDir)));
  if (failures.length > 0) {
    console.error(`\nTargets missed: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
