export { getStudio, dropStatusOf } from './studio.js';
export { updateStudioPack, ownPack } from './edit.js';
export { studioSalesCsv, csvField } from './csv.js';
export { withdrawFromStudio, type StudioWithdrawInput } from './withdraw.js';
