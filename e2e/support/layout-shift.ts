import type { Page } from 'playwright-core';
import { settleAnimations, twoFrames } from './browser';

declare global {
  interface Window {
    __layoutShifts?: { value: number; sources: string[] }[];
  }
}

/** Before the page's own scripts: keeps every layout shift not caused by recent input (as CLS counts them). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node),
        );
        window.__layoutShifts!.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Forgets the shifts so far: a route opened inside the app is measured from its own start. */
export function resetLayoutShifts(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.__layoutShifts = [];
  });
}

/** Once the page has settled (network quiet, images decoded, animations done): the shifts and their sum. */
export async function settledLayoutShift(page: Page): Promise<{ total: number; shifts: string[] }> {
  await page.waitForLoadState('networkidle');
  // A lazy image below the fold never loads, so its decode would never settle.
  await page.evaluate(() =>
    Promise.all(
      [...document.images]
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .map((image) => image.decode().catch(() => undefined)),
    ),
  );
  await settleAnimations(page, { inRealTime: true });
  // Two frames, so a shift caused by what just arrived is reported.
  await twoFrames(page);
  const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
  return {
    total: shifts.reduce((sum, shift) => sum + shift.value, 0),
    shifts: shifts.map((shift) => `${shift.value.toFixed(4)} ${shift.sources.join(' ')}`),
  };
}
