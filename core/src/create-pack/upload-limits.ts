import { API_ERRORS } from '@stickerdrop/shared';
import { DomainError } from '../errors.js';

/**
 * The decoding work of one upload follows its pixels, not its bytes (a 1.5 MB PNG can be 49 million
 * 16-bit pixels), so an upload's pixels together are capped, read from the headers before any decoding.
 */
export function checkPixelBudget(images: { width: number; height: number }[], maxPixels: number | undefined): void {
  if (maxPixels === undefined) return;
  const total = images.reduce((sum, image) => sum + image.width * image.height, 0);
  if (total > maxPixels) throw new DomainError('invalid_input', API_ERRORS.uploadTooManyPixels);
}
