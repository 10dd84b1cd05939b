export * from './constants.js';
export * from './messages.js';
export * from './money.js';
export * from './deep-link.js';
export * from './pack-id.js';
export * from './ton-comment.js';
export * from './schemas/index.js';
export * from './rules/index.js';
