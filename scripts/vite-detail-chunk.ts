import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Plugin, type Rolldown } from 'vite';

const SOURCE = path.resolve(import.meta.dirname, '../miniapp/src');
/** The module that imports every screen lazily: its lazy imports are screens, not Home's own. */
const SCREENS = path.join(SOURCE, 'app/screens.ts');
const PACK_DETAIL = path.join(SOURCE, 'features/pack-detail');
/** The screens the document can draw first, by their first-screen kind: the module each lazy-loads. */
export const PICTURE_SCREENS = {
  pack: path.join(PACK_DETAIL, 'PackDetailPage.tsx'),
  edition: path.join(PACK_DETAIL, 'EditionRoute.tsx'),
} as const;
/** A pack's page, an edition's, and the sticker viewer both open: the screens the group is for. */
const DETAIL_SCREENS = new Set([...Object.values(PICTURE_SCREENS), path.join(PACK_DETAIL, 'StickerViewer.tsx')]);
/** The most any other screen may load for the group that it did not load before, gzip. */
const EXTRA_BYTES_ALLOWED = 5_000;
/** Set while the first pass builds, which must not wait for a first pass of its own. */
const FIRST_PASS = 'STICKERDROP_CHUNKS_FIRST_PASS';

/** A chunk of the first pass: what it holds, what it imports, and what it weighs compressed with its CSS. */
export interface PassChunk {
  modules: string[];
  imports: string[];
  lazyEntry: string | null;
  bytes: number;
}

export interface FirstPass {
  chunks: Map<string, PassChunk>;
  /** The entry chunk and what it imports statically: every screen has them already. */
  start: Set<string>;
  /** The lazy entries Home's own start imports (Telegram's SDK, the texts, the token keeper…). */
  homeLazy: Set<string>;
}

const gzipBytes = (text: string | Uint8Array) => zlib.gzipSync(text).length;

/** Every chunk `from` loads statically, itself included, given each chunk's imports. */
export function reachable(
  from: string,
  importsOf: (name: string) => readonly string[],
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(from)) return seen;
  seen.add(from);
  for (const child of importsOf(from)) reachable(child, importsOf, seen);
  return seen;
}

const closure = (chunks: Map<string, PassChunk>, from: string) =>
  reachable(from, (name) => chunks.get(name)?.imports ?? []);

/** Reads the first pass's output: its chunks, the start's, and which lazy entries Home's start imports. */
function readFirstPass(bundle: Rolldown.OutputBundle, dynamicImporters: Map<string, string[]>): FirstPass {
  const assets = new Map<string, number>();
  for (const file of Object.values(bundle))
    if (file.type === 'asset') assets.set(file.fileName, gzipBytes(file.source));
  const chunks = new Map<string, PassChunk>();
  let entry = '';
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk') continue;
    if (file.isEntry) entry = file.fileName;
    const css = [...(file.viteMetadata?.importedCss ?? [])].reduce((sum, name) => sum + (assets.get(name) ?? 0), 0);
    chunks.set(file.fileName, {
      modules: file.moduleIds,
      imports: file.imports,
      lazyEntry: file.isDynamicEntry ? file.facadeModuleId : null,
      bytes: gzipBytes(file.code) + css,
    });
  }
  const start = closure(chunks, entry);
  const startModules = new Set([...start].flatMap((name) => chunks.get(name)!.modules));
  const homeLazy = new Set(
    [...chunks.keys()].filter((name) => {
      const importers = dynamicImporters.get(chunks.get(name)!.lazyEntry ?? '') ?? [];
      return importers.some((importer) => importer !== SCREENS && startModules.has(importer));
    }),
  );
  return { chunks, start, homeLazy };
}

/** What a lazy entry weighs beyond the start once `group` is one chunk: it loads all of it, and its imports. */
function weightWith(pass: FirstPass, entry: string, group: Set<string>): number {
  const loads = new Set([...closure(pass.chunks, entry)].filter((name) => !pass.start.has(name)));
  const usesGroup = [...loads].some((name) => group.has(name));
  if (usesGroup) {
    for (const member of group)
      for (const name of closure(pass.chunks, member)) if (!pass.start.has(name)) loads.add(name);
  }
  return [...loads].reduce((sum, name) => sum + pass.chunks.get(name)!.bytes, 0);
}

/** Whether a chunk left out of `group` imports the group back: the merged chunk and it would import each other. */
function importsBack(pass: FirstPass, group: Set<string>): boolean {
  const outside = new Set<string>();
  for (const member of group) for (const name of closure(pass.chunks, member)) if (!group.has(name)) outside.add(name);
  return [...outside].some((name) => [...closure(pass.chunks, name)].some((reached) => group.has(reached)));
}

/**
 * The detail screens' shared chunks to merge, smallest first, while no other screen would load more than
 * `allowed` bytes it did not load before. Chunks that Home's own lazy imports load stay apart, so Home never
 * waits for more.
 */
export function detailGroupChunks(
  pass: FirstPass,
  { screens = DETAIL_SCREENS, allowed = EXTRA_BYTES_ALLOWED }: { screens?: Set<string>; allowed?: number } = {},
): Set<string> {
  const entries = [...pass.chunks].filter(([, chunk]) => chunk.lazyEntry !== null).map(([name]) => name);
  const detail = entries.filter((name) => screens.has(pass.chunks.get(name)!.lazyEntry!));
  const others = entries.filter((name) => !detail.includes(name));
  const homeLoads = new Set([...pass.homeLazy].flatMap((name) => [...closure(pass.chunks, name)]));
  const candidates = [...new Set(detail.flatMap((name) => [...closure(pass.chunks, name)]))]
    .filter((name) => !pass.start.has(name) && !homeLoads.has(name) && pass.chunks.get(name)!.lazyEntry === null)
    .sort((a, b) => pass.chunks.get(a)!.bytes - pass.chunks.get(b)!.bytes);
  const before = new Map(others.map((name) => [name, weightWith(pass, name, new Set())]));
  let group = new Set<string>();
  for (const candidate of candidates) {
    const trial = new Set([...group, candidate]);
    const fits = others.every((name) => weightWith(pass, name, trial) - before.get(name)! <= allowed);
    if (fits && !importsBack(pass, trial)) group = trial;
  }
  return group;
}

/**
 * Builds the app once without the group, in memory, to see the chunks the bundler makes by itself and
 * what each weighs; the group is chosen from them.
 */
async function firstPass(configFile: string, mode: string): Promise<FirstPass> {
  const dynamicImporters = new Map<string, string[]>();
  const recordImporters: Plugin = {
    name: 'stickerdrop:detail-chunk-first-pass',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isDynamicEntry || !file.facadeModuleId) continue;
        dynamicImporters.set(file.facadeModuleId, this.getModuleInfo(file.facadeModuleId)?.dynamicImporters ?? []);
      }
    },
  };
  process.env[FIRST_PASS] = '1';
  try {
    const result = (await build({
      configFile,
      mode,
      logLevel: 'silent',
      plugins: [recordImporters],
      build: { write: false, emptyOutDir: false, manifest: false },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const [output] = Array.isArray(result) ? result : [result];
    const bundle = Object.fromEntries(output!.output.map((file) => [file.fileName, file]));
    return readFirstPass(bundle as Rolldown.OutputBundle, dynamicImporters);
  } finally {
    delete process.env[FIRST_PASS];
  }
}

/**
 * One chunk for the small pieces a pack's or an edition's page shares with other screens. Left to itself,
 * the bundler gives every set of screens that shares a module its own chunk: a pack page asked for 28
 * scripts, all in one task while the page starts, and each request costs the phone's main thread a little
 * there. The group merges the smallest of them, as long as no other screen loads more than a few kilobytes
 * for it; Home and what it loads are left as they are.
 */
export function detailChunk(): { plugin: Plugin; group: () => Rolldown.CodeSplittingGroup | null } {
  let modules: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'stickerdrop:detail-chunk',
    apply: 'build',
    async configResolved(config) {
      modules = null;
      if (process.env[FIRST_PASS] || !config.configFile) return;
      const pass = await firstPass(config.configFile, config.mode);
      modules = new Set([...detailGroupChunks(pass)].flatMap((name) => pass.chunks.get(name)!.modules));
    },
  };
  const group = (): Rolldown.CodeSplittingGroup | null =>
    modules && {
      debugName: 'detail-shared',
      name: (id) => (modules!.has(id) ? 'detail-shared' : null),
      includeDependenciesRecursively: false,
    };
  return { plugin, group };
}
