import { createRequire } from 'node:module';
import type Sharp from 'sharp';

let sharp: typeof Sharp | undefined;

/** sharp (libvips), loaded at its first use rather than at start-up: serving the marketplace never needs it. */
export function loadSharp(): typeof Sharp {
  if (!sharp) {
    sharp = createRequire(import.meta.url)('sharp') as typeof Sharp;
    // libvips' operation cache keeps up to 50 MB of decoded images for a repeat that never comes here.
    sharp.cache(false);
  }
  return sharp;
}
