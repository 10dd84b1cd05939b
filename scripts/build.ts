/**
 * `npm run build`: a production build of the mini-app into dist/miniapp and the server's bundle into
 * dist/server, each stamped so `npm start` reuses it.
 */
import { environment } from '@stickerdrop/core';
import { ensureMiniappBuild } from './miniapp-build.js';
import { ensureServerBundle } from './server-bundle.js';

environment();
const { ms } = await ensureMiniappBuild({ force: true });
console.error(`mini-app built in ${(ms / 1000).toFixed(1)} s`);
const server = await ensureServerBundle({ force: true });
console.error(`server bundled in ${(server.ms / 1000).toFixed(1)} s`);
