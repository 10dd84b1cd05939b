export { getStudio, dropStatusOf } from './studio.js';
export { updateStudioPack, ownPack } from './edit.js';
export { studioSalesCsv, csvField } from './csv.js';
