import type { PictureScreen } from '@stickerdrop/shared';

/**
 * The app's own scripts come after the first screen has been painted: vite-first-screen.ts keeps the entry
 * module and its modulepreloads, exactly as Vite wrote them, in a `<template>`, and this moves them into the
 * head, where they start loading (a script cloned from a template runs when inserted). Before, they loaded
 * beside the stylesheets and the picture, sharing a phone's bandwidth with what the person sees first.
 */
export const APP_SCRIPTS_ID = 'app-scripts';
/** The template vite-screen-styles.ts writes with the stylesheet links of a screen the document draws first. */
export const screenStylesId = (kind: PictureScreen['kind']) => `screen-styles-${kind}`;

/** Longest the app waits for the first screen's paint: a slow picture must not hold it back for long. */
const PAINT_WAIT_MS = 2_000;

/** Moves what the template `id` keeps into the head, where it starts loading; once only. */
function moveIntoHead(doc: Document, id: string): void {
  const kept = doc.getElementById(id);
  if (!(kept instanceof HTMLTemplateElement)) return;
  kept.remove();
  doc.head.append(doc.importNode(kept.content, true));
}

/** Starts the app; once only, whoever calls first. */
export function loadApp(doc: Document = document): void {
  moveIntoHead(doc, APP_SCRIPTS_ID);
}

/**
 * Asks for the stylesheets of the screen drawn first, once its picture is painted: the app would ask for
 * them with the screen's chunks, in one task that costs the main thread a little per link, while these
 * arrive as the app's scripts load. They go after the app's own, where the app would add them, and the app
 * then finds them in place.
 */
export function askForScreenStyles(kind: PictureScreen['kind'], doc: Document = document): void {
  moveIntoHead(doc, screenStylesId(kind));
}

/** The app comes whatever happens to the first screen: at the latest after a wait, at once when the person acts. */
export function loadAppAtTheLatest(win: Window = window): void {
  win.setTimeout(() => loadApp(win.document), PAINT_WAIT_MS);
  for (const type of ['pointerdown', 'keydown'] as const) {
    win.addEventListener(type, () => loadApp(win.document), { once: true, capture: true });
  }
}

type PaintEntry = PerformanceEntry & { element?: Element | null };

/**
 * Calls `then` once the browser has reported the paint: of `picture` (its largest-contentful-paint entry),
 * or the first contentful paint when there is none. A browser that reports neither: once the picture is
 * decoded, two frames later.
 */
export function whenPainted(then: () => void, picture?: HTMLImageElement): void {
  const type = picture ? 'largest-contentful-paint' : 'paint';
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) {
    if (!picture) return afterTwoFrames(then);
    const decoded = () => void picture.decode().then(() => afterTwoFrames(then), then);
    return picture.complete ? decoded() : picture.addEventListener('load', decoded, { once: true });
  }
  const observer = new PerformanceObserver((list) => {
    const painted = (list.getEntries() as PaintEntry[]).some((entry) =>
      picture ? entry.element === picture : entry.name === 'first-contentful-paint',
    );
    if (!painted) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type, buffered: true });
}

function afterTwoFrames(then: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
}
