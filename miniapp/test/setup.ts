import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { switchLanguage } from '../src/i18n/language';

// A screen's first render waits for its lazy chunk and its catalogue; on a busy 2-core machine that passed
// Testing Library's default second for a find, so every find waits up to five (it returns as soon as it finds).
configure({ asyncUtilTimeout: 5_000 });

/** telegram-ui's ripple updates state 70 ms and then 225 ms after a tap (useRipple's RIPPLE_DELAY + WAVE_LIVE). */
const RIPPLE_SETTLE_MS = 400;
/** The real clock, whatever a test fakes. */
const realNow = performance.now.bind(performance);

afterEach(async () => {
  cleanup();
  // The files of a worker share the app's one i18n instance: each test starts in English again.
  await switchLanguage('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.location.hash = '';
});

// A ripple timer still pending when a file ends would fire after jsdom is torn down ("window is not
// defined", an unhandled error that fails the run); let it run out while the DOM still exists. Ripples
// start on pointerdown, so only a file that tapped less than RIPPLE_SETTLE_MS ago waits, and only the rest.
let lastTapAt = -Infinity;
const noteTap = () => (lastTapAt = realNow());
beforeAll(() => document.addEventListener('pointerdown', noteTap, true));
afterAll(async () => {
  document.removeEventListener('pointerdown', noteTap, true);
  const left = lastTapAt + RIPPLE_SETTLE_MS - realNow();
  if (left > 0) await new Promise<void>((resolve) => setTimeout(resolve, left));
});
