export * from './terms.js';
export * from './credit.js';
export * from './read.js';
export * from './debt.js';
