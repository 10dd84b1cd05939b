import { drawFirstScreen } from './draw';
import { loadApp } from './load-app';

// Built into index.html right after the root element by vite-first-screen.ts (see inline-head.ts).
try {
  drawFirstScreen();
} catch (error) {
  console.error('The first screen could not be drawn', error);
  // The first screen is a head start, never a requirement: the app draws everything itself.
  loadApp();
}
