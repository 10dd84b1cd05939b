import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APP_SCRIPTS_ID,
  askForScreenStyles,
  loadApp,
  loadAppAtTheLatest,
  screenStylesId,
} from '../../src/first-screen/load-app';

/** The template vite-first-screen.ts writes: the entry module and a modulepreload, as Vite wrote them. */
function keptScripts(): void {
  const template = document.createElement('template');
  template.id = APP_SCRIPTS_ID;
  template.innerHTML =
    '<script type="module" crossorigin src="./assets/index-abc.js"></script>' +
    '<link rel="modulepreload" crossorigin href="./assets/jsx-runtime-def.js">';
  document.body.append(template);
}

const inHead = () => ({
  entry: document.head.querySelectorAll('script[type="module"][src="./assets/index-abc.js"]').length,
  preloads: document.head.querySelectorAll('link[rel="modulepreload"]').length,
});

describe("the app's scripts, kept until the first screen is painted", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.querySelectorAll('script, link').forEach((node) => node.remove());
  });

  it('go into the head as Vite wrote them, once, however often the app is started', () => {
    keptScripts();
    expect(inHead()).toEqual({ entry: 0, preloads: 0 });
    loadApp();
    loadApp();
    expect(inHead()).toEqual({ entry: 1, preloads: 1 });
    expect(document.getElementById(APP_SCRIPTS_ID)).toBeNull();
  });

  it('come at once when the person acts before the first screen is painted', () => {
    keptScripts();
    loadAppAtTheLatest();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(inHead()).toEqual({ entry: 1, preloads: 1 });
  });

  it('come after the longest wait when no paint is ever reported', () => {
    vi.useFakeTimers();
    keptScripts();
    loadAppAtTheLatest();
    vi.advanceTimersByTime(1_999);
    expect(inHead().entry).toBe(0);
    vi.advanceTimersByTime(1);
    expect(inHead()).toEqual({ entry: 1, preloads: 1 });
  });
});

describe("a first screen's stylesheets, kept until its picture is painted", () => {
  afterEach(() => document.head.querySelectorAll('link').forEach((node) => node.remove()));

  it("go into the head after the app's own, in their order, once", () => {
    const own = document.createElement('link');
    own.rel = 'stylesheet';
    own.href = './assets/app-1.css';
    document.head.append(own);
    const template = document.createElement('template');
    template.id = screenStylesId('pack');
    template.innerHTML =
      '<link rel="stylesheet" crossorigin href="./assets/sheet-2.css">' +
      '<link rel="stylesheet" crossorigin href="./assets/PackDetailPage-3.css">';
    document.body.append(template);
    askForScreenStyles('edition');
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
    askForScreenStyles('pack');
    askForScreenStyles('pack');
    const hrefs = [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['./assets/app-1.css', './assets/sheet-2.css', './assets/PackDetailPage-3.css']);
    expect(document.getElementById(screenStylesId('pack'))).toBeNull();
  });
});
