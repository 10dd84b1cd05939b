import { z } from 'zod';
import { GIFT_ERRORS, GIFT_NOTE_MAX_LENGTH, GIFT_STATES } from '../gifts.js';
import { IsoDate } from './common.js';
import { freeText } from './text.js';

export const GiftRequest = z.object({
  note: freeText('note').pipe(z.string().max(GIFT_NOTE_MAX_LENGTH, GIFT_ERRORS.noteTooLong)).optional(),
  hideSender: z.boolean().default(false),
});
export type GiftRequest = z.infer<typeof GiftRequest>;

/** 22 base64url characters: 128 random bits. */
export const GiftCode = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
export const GiftCodeParams = z.object({ code: GiftCode });

/** What the sender shares: `claimUrl` opens the mini-app on the claim screen. */
export const GiftLink = z.object({
  code: z.string(),
  claimUrl: z.string(),
  expiresAt: IsoDate,
  editionId: z.number().int(),
});
export type GiftLink = z.infer<typeof GiftLink>;
export const GiftResponse = z.object({ gift: GiftLink });

export const GiftDetail = z.object({
  code: z.string(),
  state: z.enum(GIFT_STATES),
  pack: z.object({ id: z.number().int(), title: z.string(), imageUrl: z.string().nullable() }),
  editionId: z.number().int(),
  serial: z.number().int(),
  maxSupply: z.number().int(),
  note: z.string(),
  /** Null when the sender chose to stay hidden. */
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  expiresAt: IsoDate,
  /** Whether the reader may claim it now (pending, and not their own). */
  claimable: z.boolean(),
  /** The reader's own gift: the link to share again while it waits. */
  claimUrl: z.string().nullable(),
});
export type GiftDetail = z.infer<typeof GiftDetail>;
export const GiftDetailResponse = z.object({ gift: GiftDetail });

export const MyGifts = z.object({ sent: z.array(GiftDetail), received: z.array(GiftDetail) });
export type MyGifts = z.infer<typeof MyGifts>;
