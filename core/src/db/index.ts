export * from './client.js';
export * as tables from './schema.js';
