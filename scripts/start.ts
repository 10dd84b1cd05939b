/**
 * `npm start`: runs scripts/serve.ts, the whole marketplace, from its bundle in dist/server (built first when
 * the sources changed: server-bundle.ts); with --no-build (`npm run dev`), from the sources themselves.
 *
 * package.json runs it as `exec node --import tsx scripts/start.ts`: the shell npm starts is replaced by
 * this very process, and tsx loads in-process instead of as a parent, so a SIGTERM to the PID `npm start`
 * created (what `docker stop` and Kubernetes send) reaches the code that stops gracefully.
 */
import { pathToFileURL } from 'node:url';
import { ensureServerBundle } from './server-bundle.js';

if (process.argv.includes('--no-build')) {
  await import('./serve.js');
} else {
  const bundle = await ensureServerBundle();
  if (bundle.built) console.error(`server bundled in ${(bundle.ms / 1000).toFixed(1)} s`);
  await import(pathToFileURL(bundle.entry).href);
}
