import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settleAnimations } from './browser';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface ContrastFailure {
  target: string;
  text: string;
  /** axe's own explanation: the two colours, the ratio and the one required. */
  summary: string;
}

interface AxeResult {
  violations: { nodes: { target: string[]; failureSummary?: string }[] }[];
}

/**
 * Runs axe-core's color-contrast rule (WCAG 2 AA: 4.5:1, 3:1 for large text) on the page as shown.
 * axe is evaluated in the page rather than added as a <script>, so the page's CSP neither blocks it
 * nor reports it.
 */
export async function contrastFailures(page: Page): Promise<ContrastFailure[]> {
  const first = await contrastCheck(page);
  if (first.length === 0) return first;
  // A card that starts fading in as its image arrives, after the caller settled animations, reads as low
  // contrast mid-fade. Look again once the images on screen are decoded and what they started has ended:
  // what fails twice is the page's colours.
  await page.evaluate(() =>
    Promise.all(
      [...document.images]
        // A lazy one below the first screen never loads, so its decode would never settle.
        .filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < window.innerHeight)
        .map((image) => image.decode().catch(() => undefined)),
    ).then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))),
  );
  await settleAnimations(page);
  return contrastCheck(page);
}

async function contrastCheck(page: Page): Promise<ContrastFailure[]> {
  // A route change inside the app keeps the window, and axe with it: its 650 kB are evaluated once per document.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        target: node.target.join(' '),
        text: (document.querySelector(node.target.join(' '))?.textContent ?? '').trim().slice(0, 40),
        summary: node.failureSummary ?? '',
      })),
    );
  });
}
