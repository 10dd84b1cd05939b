import { drawFirstScreen } from './draw';

// Built into index.html right after the root element by vite-first-screen.ts (see inline-head.ts).
try {
  drawFirstScreen();
} catch (error) {
  console.error('The first screen could not be drawn', error);
}
