/**
 * `npm run bench:web`: builds the mini-app for production, serves it with the real API on a fresh seeded
 * database (as `npm start` does), and prints what the Home route costs to load (gzip of its JS and CSS,
 * on the plain web and inside Telegram, where the SDK chunk loads too) and Lighthouse mobile runs (its
 * default throttling) of Home, the marketplace, a pack page and an edition page in Debian's Chromium, on
 * the plain web and inside an emulated Telegram client. Lighthouse's CPU slowdown is calibrated to this
 * host (below), so every machine emulates the same phone. Exits 1 when a goal is missed.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { startServer } from '@stickerdrop/api';
import { memoryStorage, openDatabase, seedDemoCatalogue } from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { tables } from '@stickerdrop/core/testing';
import { telegramLaunchAddress } from '../e2e/support/telegram-mock.js';
import {
  BLANK_PAGE,
  calibrate,
  medianRun,
  PHONE_BENCHMARK_INDEX,
  RUNS,
  type LighthouseFigures,
  type PageToMeasure,
} from './lighthouse.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, '.test-data/bench-miniapp');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Only the pages whose name contains this text, when set. */
const ONLY = process.env.BENCH_WEB_ONLY;
/** The goals: room on Home, and the first screen on the phone lighthouse.ts emulates. */
const TARGETS = {
  homeJsWebKb: 90,
  homeJsTelegramKb: 100,
  homeCssKb: 15,
  performance: 95,
  lcpMs: 1_500,
  tbtMs: 150,
  cls: 0.02,
};
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

async function buildForProduction(): Promise<Manifest> {
  process.env.NODE_ENV = 'production';
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true, manifest: true },
  });
  fs.writeFileSync(path.join(OUT, BLANK_PAGE), '<!doctype html><title>blank</title>\n');
  return JSON.parse(fs.readFileSync(path.join(OUT, '.vite/manifest.json'), 'utf8')) as Manifest;
}

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(OUT, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically: what the browser fetches before the chunk can run. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(manifest, child, seen);
  return seen;
}

function routeCost(manifest: Manifest, keys: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);
  return { jsKb: sum(js), cssKb: sum(css), files: [...js, ...css] };
}

function bundleFigures(manifest: Manifest) {
  const home = closure(manifest, 'index.html');
  const web = routeCost(manifest, home);
  const sdkKey = manifest['index.html']!.dynamicImports?.find((key) => key.includes('sdk-bundle'));
  if (!sdkKey) throw new Error('the Telegram SDK chunk was not found in the build manifest');
  const telegram = routeCost(manifest, closure(manifest, sdkKey, new Set(home)));
  const marketKey = Object.keys(manifest).find((key) => key.includes('MarketplacePage'))!;
  const marketplaceOnly = [...closure(manifest, marketKey, new Set(home))].filter((key) => !home.has(key));
  const marketplace = routeCost(manifest, new Set(marketplaceOnly));
  return { web, telegram, marketplace };
}

/**
 * The four screens, on the web and inside Telegram. Telegram opens a pack or an edition by its start
 * parameter; it has none for the marketplace (a route the person reaches from Home), so that one is web only.
 */
function pagesToMeasure(base: string, packId: number, editionId: number, botToken: string): PageToMeasure[] {
  const launch = (startParam?: string) => `${base}/${telegramLaunchAddress({ botToken, startParam })}`;
  const pack = `/sticker?id=${packId}`;
  const edition = `/edition?id=${editionId}`;
  return [
    { name: 'Home', url: `${base}/`, telegram: false, route: '/' },
    { name: 'Marketplace', url: `${base}/#/marketplace`, telegram: false, route: '/marketplace' },
    { name: 'Pack', url: `${base}/#${pack}`, telegram: false, route: pack },
    { name: 'Edition', url: `${base}/#${edition}`, telegram: false, route: edition },
    { name: 'Home (Telegram)', url: launch(), telegram: true, route: '/' },
    { name: 'Pack (Telegram)', url: launch(`pack_${packId}`), telegram: true, route: pack },
    { name: 'Edition (Telegram)', url: launch(`edition_${editionId}`), telegram: true, route: edition },
  ];
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`);
  const manifest = await buildForProduction();
  const bundles = bundleFigures(manifest);

  const database = await openDatabase({});
  const storage = memoryStorage();
  await seedDemoCatalogue({ db: database.db, storage, now: new Date() });
  const config = testConfig({ port: 0, host: '127.0.0.1', demo: true });
  const server = await startServer(config, {
    database,
    storage,
    staticDir: OUT,
    seed: false,
    logger: false,
  });
  const [pack] = await database.db.select({ id: tables.packs.id }).from(tables.packs).limit(1);
  const [edition] = await database.db.select({ id: tables.editions.id }).from(tables.editions).limit(1);
  if (!pack || !edition) throw new Error('the demo catalogue has no pack or no edition to measure');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const results: Array<[string, LighthouseFigures]> = [];
  let calibration = { index: 0, slowdown: 0 };
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    calibration = await calibrate(browser, server.url);
    const pages = pagesToMeasure(server.url, pack.id, edition.id, config.botToken!);
    for (const page of pages.filter((candidate) => !ONLY || candidate.name.includes(ONLY))) {
      results.push([page.name, await medianRun(browser, page, calibration.slowdown)]);
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.stop();
    await database.close();
  }

  const kb = (value: number) => `${value.toFixed(1)} kB`;
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
    return verdict(ok);
  };
  console.log('\nHome route, gzip (what the first load fetches):');
  console.log(
    `  JS  plain web         ${kb(bundles.web.jsKb).padStart(9)}  goal ≤ ${TARGETS.homeJsWebKb} kB  ${check(bundles.web.jsKb <= TARGETS.homeJsWebKb, 'Home JS (web)')}`,
  );
  console.log(
    `  JS  inside Telegram   ${kb(bundles.telegram.jsKb).padStart(9)}  goal ≤ ${TARGETS.homeJsTelegramKb} kB  ${check(bundles.telegram.jsKb <= TARGETS.homeJsTelegramKb, 'Home JS (Telegram)')}`,
  );
  console.log(
    `  CSS                   ${kb(bundles.web.cssKb).padStart(9)}  goal ≤ ${TARGETS.homeCssKb} kB  ${check(bundles.web.cssKb <= TARGETS.homeCssKb, 'Home CSS')}`,
  );
  console.log(`  Marketplace route adds ${kb(bundles.marketplace.jsKb)} JS, ${kb(bundles.marketplace.cssKb)} CSS`);
  console.log(
    `\nThis host's Lighthouse benchmark index: ${Math.round(calibration.index)}; CPU slowdown ${calibration.slowdown.toFixed(2)}× emulates a phone of index ${PHONE_BENCHMARK_INDEX}`,
  );
  console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, simulated throttling:`);
  console.log('  page                  score      LCP      TBT     CLS');
  for (const [name, figures] of results) {
    const ok =
      figures.performance >= TARGETS.performance &&
      figures.lcpMs <= TARGETS.lcpMs &&
      figures.tbtMs <= TARGETS.tbtMs &&
      figures.cls <= TARGETS.cls;
    console.log(
      `  ${name.padEnd(20)} ${String(figures.performance).padStart(6)} ${`${Math.round(figures.lcpMs)} ms`.padStart(8)} ${`${Math.round(figures.tbtMs)} ms`.padStart(8)} ${figures.cls.toFixed(3).padStart(7)}  ${check(ok, `${name} Lighthouse`)}`,
    );
  }
  console.log(
    `  goals: score ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs} ms, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}`,
  );
  if (failures.length > 0) {
    console.error(`\nTargets missed: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
