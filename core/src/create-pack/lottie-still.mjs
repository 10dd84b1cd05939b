// Renders frames of a Lottie document to SVG, in its own process: lottie-web needs a DOM (jsdom here)
// and runs on the thread that calls it, which must never be the server's event loop.
// Usage: node lottie-still.mjs <lottie.json> <frame> [<frame> …]; the SVGs are written to stdout, each
// after the one before and a NUL byte (which no SVG text contains).
import fs from 'node:fs';
import process from 'node:process';
import { JSDOM } from 'jsdom';

const [file, ...frames] = process.argv.slice(2);
const dom = new JSDOM('<!doctype html><div id="stage"></div>', { pretendToBeVisual: true });
// lottie-web's light player reads these globals when it loads; its canvas probe only needs a context
// that accepts what it sets, so a stand-in that ignores every call will do (the SVG renderer draws nothing).
const ignoreAll = () => new Proxy({}, { get: (target, key) => (key in target ? target[key] : () => {}) });
dom.window.HTMLCanvasElement.prototype.getContext = ignoreAll;
globalThis.window = dom.window;
globalThis.document = dom.window.document;
// Node 21 and later have a navigator of their own, a getter that plain assignment cannot replace.
Object.defineProperty(globalThis, 'navigator', { value: dom.window.navigator, configurable: true, writable: true });

const { default: lottie } = await import('lottie-web/build/player/lottie_light.js');
const animation = lottie.loadAnimation({
  container: dom.window.document.getElementById('stage'),
  renderer: 'svg',
  loop: false,
  autoplay: false,
  animationData: JSON.parse(fs.readFileSync(file, 'utf8')),
});
const svgs = frames.map((frame) => {
  animation.goToAndStop(Number(frame), true);
  return dom.window.document.querySelector('svg').outerHTML;
});
process.stdout.write(svgs.join('\0'));
// lottie-web keeps an animation-frame loop alive; the frame is written, so the process is done.
process.exit(0);
