/** What the bot's /newpack conversation uses: the same checks and the same pipeline as `POST /api/stickers`. */
export { createPack, type CreatePackDeps, type CreatePackInput, type CreatePackOptions } from './create-pack.js';
export { detectImageType, inspectImage, renderSticker, type ImageInfo, type ImageType } from './image.js';
export { validatePackFields, type PackFields, type PackFieldsInput } from './pack-fields.js';
