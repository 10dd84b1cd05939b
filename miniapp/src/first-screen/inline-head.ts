import { startFirstScreen } from './start';

// Built into index.html's head by vite-first-screen.ts. The first screen is a head start, never a
// requirement: whatever fails here, the app draws everything itself.
try {
  window.stickerdropFirstScreen = startFirstScreen() ?? undefined;
} catch (error) {
  console.error('The first screen could not be started', error);
}
