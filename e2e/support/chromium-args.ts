import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './chromium';

const BASE_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium starts renderers ahead of need (a spare, one for about:blank, one for the app's site), three or
  // so per page opened, each half a second of CPU here: one at a time per context is enough for tests that
  // drive one page after another (116 renderers -> 39 and 11% of the time in two of the longest files).
  '--renderer-process-limit=1',
];

/**
 * Headless Chromium has real browser windows, and each new context's window loads the address bar's popups
 * (chrome://omnibox-popup.top-chrome) in a renderer of their own: half a second of CPU per context, some
 * 120 times a run, for a popup no test opens.
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The browser suite's Chromium switches, worked out once per run (global-setup.ts). Chromium obeys only the
 * last --disable-features, and Playwright passes its own list (features that break automation), so ours
 * repeats Playwright's, read from a probe launch, and adds UNUSED_FEATURES.
 */
export async function chromiumArgs(): Promise<string[]> {
  // Chromium tells its command line only to automation.
  const probe = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...BASE_ARGS, '--enable-automation'] });
  try {
    const session = await probe.newBrowserCDPSession();
    const { arguments: line } = await session.send('Browser.getBrowserCommandLine');
    const prefix = '--disable-features=';
    const playwrights =
      line
        .findLast((arg) => arg.startsWith(prefix))
        ?.slice(prefix.length)
        .split(',') ?? [];
    return [...BASE_ARGS, `${prefix}${[...playwrights, ...UNUSED_FEATURES].join(',')}`];
  } finally {
    await probe.close();
  }
}
