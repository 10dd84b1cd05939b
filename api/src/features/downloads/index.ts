/** The bot's "Add to Telegram" reads the same files an owner downloads. */
export { findPackAccess, loadPackArchive, packSlug, type PackAccess, type PackArchive } from './pack-zip.js';
