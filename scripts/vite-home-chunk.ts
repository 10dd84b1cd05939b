import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { detailChunk } from './vite-detail-chunk.js';

const MAIN = path.resolve(import.meta.dirname, '../miniapp/src/main.tsx');
const APP_SOURCE = path.dirname(MAIN) + path.sep;

type ChunkingContext = Parameters<Rolldown.CodeSplittingNameFunction>[1];

/**
 * The app's own modules that main.tsx imports statically, walking only through the app's source: what every
 * route runs before its screen. Libraries are not walked into (their index files re-export far more than
 * Home uses), nor shared's barrel; they follow the app's modules into the chunk the bundler picks for them.
 */
function startModules(context: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id) || !id.startsWith(APP_SOURCE)) return;
    seen.add(id);
    for (const child of context.getModuleInfo(id)?.importedIds ?? []) walk(child);
  };
  walk(MAIN);
  return seen;
}

/**
 * Puts the modules every start runs in one chunk. Left to itself, Rolldown gives each group of them that a
 * lazy screen shares its own small chunk (the router's, the query cache's, the texts' loader…), although the
 * entry loads every one of them anyway: the page then fetched nine scripts instead of one, each compressed
 * on its own, each with its imports and exports spelled out. Only the build is affected; the dev server
 * serves modules one by one.
 */
export function homeChunk(): Plugin[] {
  let start: Set<string> | null = null;
  const detail = detailChunk();
  const home: Plugin = {
    name: 'stickerdrop:home-chunk',
    apply: 'build',
    buildStart() {
      start = null;
    },
    outputOptions(options) {
      const group: Rolldown.CodeSplittingGroup = {
        debugName: 'app',
        name: (id, context) => ((start ??= startModules(context)).has(id) ? 'app' : null),
      };
      const detailGroup = detail.group();
      return { ...options, codeSplitting: { groups: detailGroup ? [group, detailGroup] : [group] } };
    },
  };
  return [detail.plugin, home];
}
