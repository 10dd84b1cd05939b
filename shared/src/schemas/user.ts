import { z } from 'zod';
import { PROFILE_LIMITS } from '../constants.js';
import { API_ERRORS } from '../messages.js';
import { IsoDate, TonAmount } from './common.js';
import { freeText } from './text.js';
import { LANGUAGES } from '../language.js';

/** `en` or `ru`: the language the app, the bot and the API's errors use for this person. */
export const LanguageChoice = z.enum(LANGUAGES);

export const User = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  photo_url: z.string().nullable(),
  isCreator: z.boolean(),
  walletAddress: z.string().nullable(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  createdAt: IsoDate,
  /** Their language; null until Telegram's language_code or their own choice set it. Always sent by the API. */
  language: LanguageChoice.nullable().optional(),
});
export type User = z.infer<typeof User>;

/**
 * SPEC's profile figures, counted from the money that moved: `stickersSold` is editions sold first-hand
 * (as the creator) and resold (as a collector); `totalEarnings` is what reached the user from both plus the
 * royalties paid to them; `stickersPurchased` counts purchases, so it never drops when one is resold. The
 * parts are given beside them.
 */
export const Profile = z.object({
  displayName: z.string(),
  bio: z.string(),
  website: z.string(),
  stickersCreated: z.number().int(),
  stickersSold: z.number().int(),
  totalEarnings: TonAmount,
  stickersPurchased: z.number().int(),
  /** Editions of their own packs sold first-hand, and what those sales brought. */
  primarySales: z.number().int(),
  primaryRevenue: TonAmount,
  /** Editions they resold, and their share of those sales (after royalty and fee). */
  resales: z.number().int(),
  resaleProceeds: TonAmount,
  /** Royalties on resales of their packs: paid to their wallet, or owed because none was linked. */
  royaltiesPaid: TonAmount,
  royaltiesOwed: TonAmount,
  /** What their purchases (first-hand and resale) cost. */
  totalSpent: TonAmount,
  /** Their language, as on `User`; null until chosen. Always sent by the API. */
  language: LanguageChoice.nullable().optional(),
});
export type Profile = z.infer<typeof Profile>;

const website = freeText('Website')
  .trim()
  .max(PROFILE_LIMITS.website, `Website must be at most ${PROFILE_LIMITS.website} characters`)
  .refine((value) => value === '' || isHttpUrl(value), API_ERRORS.invalidWebsite);

const displayName = freeText('Display name')
  .trim()
  .max(PROFILE_LIMITS.displayName, `Display name must be at most ${PROFILE_LIMITS.displayName} characters`);
const bio = freeText('Bio').trim().max(PROFILE_LIMITS.bio, `Bio must be at most ${PROFILE_LIMITS.bio} characters`);

export const UpdateProfileRequest = z.object({
  displayName: displayName.default(''),
  bio: bio.default(''),
  website: website.default(''),
  /** Switches the language the app, the bot and the API use for them; absent leaves it as it is. */
  language: LanguageChoice.optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** Absent fields stay absent (a partial of the defaulted schema would fill them with ''). */
export const BecomeCreatorRequest = z.object({ displayName: displayName.optional(), bio: bio.optional() });
export type BecomeCreatorRequest = z.infer<typeof BecomeCreatorRequest>;

/** `isOperator`: the user may open the operator's desk (OPERATOR_IDS); sent by `GET /api/auth/me`. */
export const UserResponse = z.object({ user: User, isOperator: z.boolean().optional() });
export const ProfileUpdateResponse = z.object({ user: User, profile: Profile });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
