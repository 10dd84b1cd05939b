import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

const FIRST_SCREEN = path.resolve(import.meta.dirname, '../miniapp/src/first-screen');
/**
 * Where miniapp/index.html's head takes the first screen's start, before the stylesheets Vite adds: right
 * after the place the API embeds a pack's data (shared's FIRST_SCREEN_DATA_MARKER; the config loader cannot
 * import shared's TypeScript).
 */
const HEAD_MARKER = '<!--first-screen-data-->';
export const ROOT_ELEMENT = '<div id="root"></div>';
/** load-app.ts's APP_SCRIPTS_ID: the template that keeps the app's scripts until the first screen is painted. */
const APP_SCRIPTS_ID = 'app-scripts';
/** The tags Vite writes for the app's JavaScript: the entry module and the modulepreloads of its imports. */
const APP_SCRIPT_TAG = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/**
 * Inlines the document's first screen (miniapp/src/first-screen) into the built index.html as two classic
 * scripts: its start in the head, its drawing right after the root element. Inline, because a file would
 * be one more round trip before the first paint; the API's CSP allows exactly these two, by their hashes.
 * Each is bundled on its own by Vite's bundler, which drops what they do not use of shared's barrel.
 */
export function inlineFirstScreen(): Plugin[] {
  let apiUrl = '';
  const compile = async (entry: string) => {
    const result = (await build({
      configFile: false,
      envDir: false,
      logLevel: 'warn',
      // config.ts's API origin, as the app's own build fills it in.
      define: { 'import.meta.env.VITE_API_URL': JSON.stringify(apiUrl) },
      build: {
        write: false,
        minify: true,
        target: 'es2020',
        lib: { entry: path.join(FIRST_SCREEN, entry), formats: ['iife'], name: 'stickerdropFirstScreen' },
      },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const [output] = Array.isArray(result) ? result : [result];
    return output!.output[0].code.trim();
  };
  const firstScreen: Plugin = {
    name: 'stickerdrop:first-screen',
    apply: 'build',
    configResolved(config) {
      apiUrl = (config.env.VITE_API_URL as string | undefined) ?? '';
    },
    async transformIndexHtml(html) {
      if (!html.includes(HEAD_MARKER) || !html.includes(ROOT_ELEMENT)) {
        throw new Error(`miniapp/index.html lost the first screen's places (${HEAD_MARKER}, ${ROOT_ELEMENT})`);
      }
      const [head, body] = await Promise.all([compile('inline-head.ts'), compile('inline-body.ts')]);
      return html
        .replace(HEAD_MARKER, `${HEAD_MARKER}\n    <script>${head}</script>`)
        .replace(ROOT_ELEMENT, `${ROOT_ELEMENT}\n    <script>${body}</script>`);
    },
  };
  return [firstScreen, appScriptsAfterFirstScreen];
}

/**
 * Moves the app's script tags, once Vite has written them, into a `<template>` before the first screen's
 * drawing, which starts them once the first screen is painted (load-app.ts).
 */
const appScriptsAfterFirstScreen: Plugin = {
  name: 'stickerdrop:app-scripts-after-first-screen',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const tags = html.match(APP_SCRIPT_TAG)?.map((tag) => tag.trim()) ?? [];
      if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('index.html has no entry module for the app');
      const template = `<template id="${APP_SCRIPTS_ID}">${tags.join('')}</template>`;
      return html.replace(APP_SCRIPT_TAG, '').replace(ROOT_ELEMENT, `${ROOT_ELEMENT}\n    ${template}`);
    },
  },
};
