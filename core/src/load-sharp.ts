import { createRequire } from 'node:module';
import type Sharp from 'sharp';

let sharp: typeof Sharp | undefined;

/** sharp (libvips), loaded at its first use rather than at start-up: serving the marketplace never needs it. */
export function loadSharp(): typeof Sharp {
  sharp ??= createRequire(import.meta.url)('sharp') as typeof Sharp;
  return sharp;
}
