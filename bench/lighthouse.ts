/**
 * Lighthouse for `npm run bench:web`: one measured run of a page, the median of several, and the CPU
 * slowdown calibrated to the host, so every machine emulates the same phone.
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import type { Browser } from 'puppeteer-core';
import { installTelegramClient, THEME } from '../e2e/support/telegram-mock.js';

/**
 * The page Lighthouse opens before each measured load, in place of about:blank. The app's documents carry
 * Cross-Origin-Opener-Policy, so a load that starts from about:blank moves to a new browsing context group
 * and a renderer process spawned once the response arrives; on a busy machine that process began tracing
 * after the document committed, the trace lacked the load's navigationStart and Lighthouse gave up
 * (NO_NAVSTART). An empty document of the same origin, served with the same document headers, keeps the
 * load in the renderer traced from the start; its path differs from every measured URL (`/`, `/#/…`), so
 * each load is still a new document.
 */
export const BLANK_PAGE = 'lighthouse-blank.html';
/**
 * tsx compiles with esbuild's keepNames, which wraps the inner functions of `installTelegramClient` in
 * `__name(…)` calls; puppeteer sends the function's source to the page, where no `__name` exists, so the
 * emulated client threw before it was installed and every "Telegram" run measured the plain web on Home.
 */
const KEEP_NAMES_SHIM = 'globalThis.__name = (target) => target;';
export const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/**
 * Each run's whole Lighthouse report is written here as JSON when set (to read its LCP element and graph),
 * with the trace it was computed from beside it (`trace-<report>`: every task on the main thread, at 1×).
 */
const REPORTS = process.env.BENCH_WEB_REPORTS;

/**
 * The phone every run emulates, as Lighthouse's benchmark index of its CPU: between Chrome's mid-tier Pixel 5
 * (about 1,000) and its low-tier Moto G Power (about 264). Lighthouse's fixed 4× slowdown emulates a phone
 * four times slower than whatever host runs it, so a slow host failed pages a fast one passed; the slowdown
 * is instead the host's index divided by this one (Lighthouse's own advice for calibrating it).
 */
export const PHONE_BENCHMARK_INDEX = 500;
/** Index measurements taken to calibrate; their median is used (one can land on a busy moment). */
const CALIBRATION_RUNS = 3;

export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface PageToMeasure {
  name: string;
  url: string;
  /** Opened inside the emulated Telegram client (its bridge answers; the SDK chunk loads). */
  telegram: boolean;
  /** The route the app must show at the end (a launch that fell back to Home measured the wrong screen). */
  route: string;
}

/** Lighthouse's settings for a measured run: mobile, simulated throttling, the CPU slowed by `cpuSlowdown`. */
function lighthouseFlags(blankPage: string, cpuSlowdown: number) {
  return {
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    blankPage,
    throttlingMethod: 'simulate' as const,
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  };
}

/**
 * This host's benchmark index (Lighthouse measures it at the start of every run) and the CPU slowdown that
 * makes it the phone: the median of a few runs on the blank page, which costs little.
 */
export async function calibrate(browser: Browser, base: string): Promise<{ index: number; slowdown: number }> {
  const blank = new URL(`/${BLANK_PAGE}`, base).href;
  const indices: number[] = [];
  for (let run = 0; run < CALIBRATION_RUNS; run += 1) {
    const tab = await browser.newPage();
    try {
      const result = await lighthouse(blank, lighthouseFlags(blank, 1), undefined, tab as never);
      indices.push(result?.lhr.environment.benchmarkIndex ?? Number.NaN);
    } finally {
      await tab.close();
    }
  }
  const index = indices.sort((a, b) => a - b)[Math.floor(indices.length / 2)]!;
  if (!(index > 0)) throw new Error(`Lighthouse measured no benchmark index (${indices.join(', ')})`);
  return { index, slowdown: Math.max(1, index / PHONE_BENCHMARK_INDEX) };
}

async function lighthouseRun(browser: Browser, page: PageToMeasure, cpuSlowdown: number): Promise<LighthouseFigures> {
  const tab = await browser.newPage();
  try {
    if (page.telegram) {
      await tab.evaluateOnNewDocument(KEEP_NAMES_SHIM);
      await tab.evaluateOnNewDocument(installTelegramClient, THEME);
    }
    const flags = lighthouseFlags(new URL(`/${BLANK_PAGE}`, page.url).href, cpuSlowdown);
    const result = await lighthouse(page.url, flags, undefined, tab as never);
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.name}`);
    const { lhr } = result;
    if (REPORTS) {
      fs.mkdirSync(REPORTS, { recursive: true });
      const file = `${page.name.replace(/\W+/g, '-').toLowerCase()}-${Date.now()}.json`;
      fs.writeFileSync(path.join(REPORTS, file), JSON.stringify(lhr));
      const artifacts = result.artifacts as unknown as { Trace?: unknown };
      fs.writeFileSync(path.join(REPORTS, `trace-${file}`), JSON.stringify(artifacts.Trace));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${page.name}: ${lhr.runtimeError.message}`);
    const shown = new URL(lhr.finalDisplayedUrl).hash.slice(1) || '/';
    if (shown !== page.route) throw new Error(`${page.name} ended on #${shown}, not on #${page.route}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    await tab.close();
  }
}

/** The median run by performance score: one slow run on a busy 2-core machine says little. */
export async function medianRun(
  browser: Browser,
  page: PageToMeasure,
  cpuSlowdown: number,
): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouseRun(browser, page, cpuSlowdown));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}
