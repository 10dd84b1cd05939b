/** What the bot's /newpack conversation uses: the same checks and the same pipeline as `POST /api/stickers`. */
export { createPack, type CreatePackDeps, type CreatePackInput } from './create-pack.js';
export {
  detectImageType,
  inspectImage,
  renderSticker,
  type ImageInfo,
  type ImageSource,
  type ImageType,
} from './image.js';
export {
  createImagePool,
  DEFAULT_IMAGE_POOL,
  IMAGE_POOL_RETRY_AFTER_S,
  type ImagePool,
  type ImagePoolSettings,
} from './image-pool.js';
export { makeMissingPreviews, type MissingPreviewsDeps } from './missing-previews.js';
export { checkPixelBudget } from './upload-limits.js';
export { validatePackFields, type PackFields, type PackFieldsInput } from './pack-fields.js';
export { detectMediaType, inspectUpload, type MediaType, type UploadInfo } from './upload.js';
export {
  executable,
  fileBudget,
  inputArgs,
  mediaBinaries,
  MEDIA_FILE_BUDGET_MS,
  MEDIA_TOOL_TIMEOUT_MS,
  type ToolBudget,
} from './media-tools.js';
export { MAX_ANIMATION_DECODED_PIXELS, probeVideo, renderVideoSticker, VIDEO_CRF_STEPS } from './video.js';
export { readTgs, tgsStill } from './tgs.js';
export { checkStickerUpload } from './sticker-file.js';
