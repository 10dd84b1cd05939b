import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { inlineFirstScreen } from './scripts/vite-first-screen.js';
import { homeChunk } from './scripts/vite-home-chunk.js';
import { screenStylesEarly } from './scripts/vite-screen-styles.js';
import { telegramBridgeChecks } from './scripts/vite-telegram-bridge.js';
import { telegramSdkPure } from './scripts/vite-telegram-sdk-pure.js';

/**
 * Writes `.br` and `.gz` beside every text asset, so the API serves them precompressed (no compression
 * work per request, and the best ratio brotli has).
 */
function precompress(): Plugin {
  return {
    name: 'stickerdrop:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(name)) continue;
        const file = path.join(dir, name);
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** The catalogues' config, found from any working directory (the build, the tests, the bench). */
export const LINGUI = { configPath: path.join(import.meta.dirname, 'lingui.config.ts'), failOnCompileError: true };

/** Builds the mini-app into dist/miniapp; the API serves it on the same origin. */
export default defineConfig({
  root: 'miniapp',
  base: './',
  // lingui() compiles each `locales/<language>.json?lingui` catalogue at build time (lingui.config.ts).
  plugins: [
    react(),
    lingui(LINGUI),
    inlineFirstScreen(),
    homeChunk(),
    screenStylesEarly(),
    telegramSdkPure(),
    telegramBridgeChecks(),
    precompress(),
  ],
  envDir: '..',
  build: { outDir: '../dist/miniapp', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:8080', '/files': 'http://localhost:8080' } },
});
