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
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { startServer } from '@stickerdrop/api';
import { memoryStorage, openDatabase, seedDemoCatalogue } from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { tables } from '@stickerdrop/core/testing';
import { telegramLaunchAddress } from '../e2e/support/telegram-mock.js';
import { buildForProduction, bundleFigures, printBundleFigures } from './home-bundle.js';
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
/** The goals of the first screen on the phone lighthouse.ts emulates (Home's room: home-bundle.ts). */
const TARGETS = {
  performance: 95,
  lcpMs: 1_500,
  tbtMs: 150,
  cls: 0.02,
};
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
  const bundles = bundleFigures(OUT, await buildForProduction(OUT));
  fs.writeFileSync(path.join(OUT, BLANK_PAGE), '<!doctype html><title>blank</title>\n');

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

  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
    return verdict(ok);
  };
  failures.push(...printBundleFigures(bundles));
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
