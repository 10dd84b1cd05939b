export { listCollection } from './collection.js';
