/** `npm run build`: a production build of the mini-app into dist/miniapp, stamped so `npm start` reuses it. */
import { environment } from '@stickerdrop/core';
import { ensureMiniappBuild } from './miniapp-build.js';

environment();
const { ms } = await ensureMiniappBuild({ force: true });
console.error(`mini-app built in ${(ms / 1000).toFixed(1)} s`);
