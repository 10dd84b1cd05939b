import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Builds the mini-app into dist/miniapp; the API serves it on the same origin. */
export default defineConfig({
  root: 'miniapp',
  base: './',
  plugins: [react()],
  envDir: '..',
  build: { outDir: '../dist/miniapp', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:8080', '/files': 'http://localhost:8080' } },
});
