import { attached, badRequest, type RecordedCall } from './bot-api-protocol.js';
import { BOT_USER } from './bot-api.js';

/** The stand-in Bot API's sticker sets, by name: what each call made, checked as Telegram checks it. */

export interface StoredSet {
  name: string;
  title: string;
  ownerId: number;
  stickerType: 'regular' | 'custom_emoji';
  stickers: StoredSticker[];
  /** The upload setStickerSetThumbnail received, and its format. */
  thumbnail?: { data: Buffer; format: string };
}

export interface StoredSticker {
  fileUniqueId: string;
  size: number;
  format: 'static' | 'animated' | 'video';
  emoji: string;
  emojiList: string[];
  keywords: string[];
}

/** Telegram's limits per format: a static WEBP/PNG, a TGS (gzip) or a WEBM (EBML), and its largest size. */
const STICKER_FILES = {
  static: { limit: 512 * 1024, matches: (data: Buffer) => isWebp(data) || isPng(data), error: 'STICKER_PNG_NOPNG' },
  animated: {
    limit: 64 * 1024,
    matches: (data: Buffer) => data[0] === 0x1f && data[1] === 0x8b,
    error: 'STICKER_TGS_NOTGS',
  },
  video: {
    limit: 256 * 1024,
    matches: (data: Buffer) => data.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
    error: 'STICKER_VIDEO_NOWEBM',
  },
} as const;
const isWebp = (data: Buffer) => data.subarray(8, 12).toString('latin1') === 'WEBP';
const isPng = (data: Buffer) => data.subarray(1, 4).toString('latin1') === 'PNG';

/** A custom emoji's id, made from its file's unique id so each sticker keeps its own. */
export const customEmojiId = (sticker: Pick<StoredSticker, 'fileUniqueId'>) =>
  String(5_360_000_000_000_000_000n + BigInt(sticker.fileUniqueId.slice(1)));

const NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;

export class FakeStickerSets extends Map<string, StoredSet> {
  constructor(private readonly nextFileId: () => number) {
    super();
  }

  create(call: RecordedCall) {
    const p = call.params;
    const name = String(p.name ?? '');
    if (!NAME_PATTERN.test(name) || name.includes('__') || !name.endsWith(`_by_${BOT_USER.username}`)) {
      throw badRequest('STICKERSET_INVALID');
    }
    if (this.has(name)) throw badRequest('sticker set name is already occupied');
    const title = String(p.title ?? '');
    if (title.length < 1 || title.length > 64) throw badRequest('STICKERSET_TITLE_INVALID');
    const stickers = Array.isArray(p.stickers) ? (p.stickers as unknown[]) : [];
    if (stickers.length < 1 || stickers.length > 50) throw badRequest('STICKERS_TOO_MUCH');
    const stickerType = p.sticker_type === undefined ? 'regular' : p.sticker_type;
    if (stickerType !== 'regular' && stickerType !== 'custom_emoji') throw badRequest('STICKER_TYPE_INVALID');
    const set: StoredSet = { name, title, ownerId: Number(p.user_id), stickerType, stickers: [] };
    for (const sticker of stickers) set.stickers.push(this.inputSticker(call, sticker));
    this.set(name, set);
    return true;
  }

  add(call: RecordedCall) {
    const set = this.get(String(call.params.name));
    if (!set) throw badRequest('STICKERSET_INVALID');
    if (Number(call.params.user_id) !== set.ownerId) throw badRequest('USER_ID_INVALID');
    if (set.stickers.length >= 120) throw badRequest('STICKERS_TOO_MUCH');
    set.stickers.push(this.inputSticker(call, call.params.sticker));
    return true;
  }

  /**
   * An InputSticker whose file is an upload of its format's kind and size: a static WEBP/PNG of at most
   * 512 KB, a TGS of at most 64 KB or a WEBM of at most 256 KB, with 1–20 emoji and at most 20 keywords.
   */
  private inputSticker(call: RecordedCall, raw: unknown): StoredSticker {
    const sticker = raw as { sticker?: unknown; format?: unknown; emoji_list?: unknown; keywords?: unknown };
    const upload = attached(call, sticker?.sticker);
    if (!upload) throw badRequest('wrong file identifier/HTTP URL specified');
    const format = String(sticker.format);
    if (!(format in STICKER_FILES)) throw badRequest('STICKER_FORMAT_INVALID');
    const rule = STICKER_FILES[format as keyof typeof STICKER_FILES];
    const emoji = sticker.emoji_list;
    if (!Array.isArray(emoji) || emoji.length === 0 || emoji.length > 20) throw badRequest('STICKER_EMOJI_INVALID');
    const keywords = sticker.keywords ?? [];
    if (!Array.isArray(keywords) || keywords.length > 20) throw badRequest('STICKER_KEYWORDS_INVALID');
    if (upload.data.length > rule.limit) throw badRequest('STICKER_FILE_TOO_BIG');
    if (!rule.matches(upload.data)) throw badRequest(rule.error);
    return {
      fileUniqueId: `s${this.nextFileId()}`,
      size: upload.data.length,
      format: format as StoredSticker['format'],
      emoji: String(emoji[0]),
      emojiList: emoji.map(String),
      keywords: keywords.map(String),
    };
  }

  setThumbnail(call: RecordedCall) {
    const p = call.params;
    const set = this.get(String(p.name));
    if (!set) throw badRequest('STICKERSET_INVALID');
    if (Number(p.user_id) !== set.ownerId) throw badRequest('USER_ID_INVALID');
    if (set.stickerType !== 'regular') throw badRequest('STICKERSET_INVALID');
    const upload = attached(call, p.thumbnail);
    if (!upload || !['static', 'animated', 'video'].includes(String(p.format)))
      throw badRequest('STICKERSET_THUMBNAIL_INVALID');
    set.thumbnail = { data: upload.data, format: String(p.format) };
    return true;
  }

  /** getStickerSet's answer. */
  describe(name: string) {
    const set = this.get(name);
    if (!set) throw badRequest('STICKERSET_INVALID');
    return {
      name: set.name,
      title: set.title,
      sticker_type: set.stickerType,
      stickers: set.stickers.map((sticker, i) => ({
        file_id: `${set.name}-${i}`,
        file_unique_id: sticker.fileUniqueId,
        type: set.stickerType,
        width: 512,
        height: 512,
        is_animated: sticker.format === 'animated',
        is_video: sticker.format === 'video',
        emoji: sticker.emoji,
        set_name: set.name,
        // Telegram gives each custom emoji an id of its own, a long number as a string.
        ...(set.stickerType === 'custom_emoji' ? { custom_emoji_id: customEmojiId(sticker) } : {}),
      })),
    };
  }
}
