export * from './supply.js';
export * from './search.js';
export * from './collection-filter.js';
export * from './create-form.js';
export * from './sticker-meta.js';
export * from './collection-worth.js';
