import type { IndexHtmlTransformContext, Plugin, Rolldown } from 'vite';
import { PICTURE_SCREENS, reachable } from './vite-detail-chunk.js';
import { ROOT_ELEMENT } from './vite-first-screen.js';

/** load-app.ts's screenStylesId(kind): the template that keeps a screen's stylesheet links. */
const templateId = (kind: string) => `screen-styles-${kind}`;

type Bundle = Rolldown.OutputBundle;

function chunkOf(bundle: Bundle, name: string): Rolldown.OutputChunk | null {
  const file = bundle[name];
  return file?.type === 'chunk' ? file : null;
}

/**
 * The stylesheets a lazy import of `screen` adds, in the order Vite's preload helper adds them: each
 * chunk's imports first, then its own (so a screen's rules come after those of the parts it uses).
 */
export function screenStylesheets(bundle: Bundle, screen: string, loaded: Set<string>): string[] {
  const start = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId === screen);
  const sheets: string[] = [];
  const seen = new Set(loaded);
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = chunkOf(bundle, name);
    if (!chunk) return;
    chunk.imports.forEach(visit);
    sheets.push(...(chunk.viteMetadata?.importedCss ?? []));
  };
  if (start) visit(start.fileName);
  return sheets;
}

function templates(bundle: Bundle, entry: string, base: string): string {
  // The chunks the entry loads statically: their stylesheets are in the document already.
  const loaded = reachable(entry, (name) => chunkOf(bundle, name)?.imports ?? []);
  return Object.entries(PICTURE_SCREENS)
    .map(([kind, screen]) => {
      const links = screenStylesheets(bundle, screen, loaded)
        .map((sheet) => `<link rel="stylesheet" crossorigin href="${base}${sheet}">`)
        .join('');
      return `<template id="${templateId(kind)}">${links}</template>`;
    })
    .join('');
}

/**
 * Writes into index.html, for each screen the document draws first (a pack's page, an edition's), the
 * stylesheet links its lazy chunks add, in templates the first screen's drawing moves into the head
 * (load-app.ts). They are then asked for while the document is still parsed, before the first paint,
 * instead of in the task that asks for the screen's chunks once the app runs: each link costs that task a
 * little of the phone's main thread. Vite's helper finds them in place and adds none of its own.
 */
export function screenStylesEarly(): Plugin {
  let base = './';
  return {
    name: 'stickerdrop:screen-styles-early',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context: IndexHtmlTransformContext) {
        if (!context.bundle || !context.chunk) return html;
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html lost its root element (${ROOT_ELEMENT})`);
        return html.replace(
          ROOT_ELEMENT,
          `${ROOT_ELEMENT}\n    ${templates(context.bundle, context.chunk.fileName, base)}`,
        );
      },
    },
  };
}
