import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

/** telegram-ui's ripple updates state 70 ms and then 225 ms after a tap (useRipple's RIPPLE_DELAY + WAVE_LIVE). */
const RIPPLE_SETTLE_MS = 400;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.location.hash = '';
});

// A ripple timer still pending when a file ends would fire after jsdom is torn down ("window is not
// defined", an unhandled error that fails the run); let it run out while the DOM still exists.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, RIPPLE_SETTLE_MS)));
