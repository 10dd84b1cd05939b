import { z } from 'zod';
import { LanguageChoice, User } from './user.js';

export const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof Tokens>;

export const TelegramAuthRequest = z.object({ initData: z.string().min(1).max(8192) });
export const RefreshRequest = z.object({ refreshToken: z.string().min(1).max(512) });
export const LogoutRequest = RefreshRequest;
/** `language`: the browser's, for a first sign-in on the web (a stored choice is never replaced by it). */
export const DemoAuthRequest = z.object({
  as: z.enum(['collector', 'creator']).default('collector'),
  language: LanguageChoice.optional(),
});

export const AuthResponse = z.object({ user: User, tokens: Tokens });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const LoginCodeResponse = z.object({
  code: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  /** The number the page shows; the bot asks the user to tap it out of three ("47", 10–99). */
  match: z.string().regex(/^[1-9][0-9]$/),
});
export type LoginCodeResponse = z.infer<typeof LoginCodeResponse>;
export const LoginCodePending = z.object({ status: z.literal('pending') });

/** One signed-in session (a refresh-token family): in the profile and the bot's /sessions. */
export const SignedInSession = z.object({
  id: z.string(),
  /** How it signed in: the mini-app inside Telegram, the web through the bot, a demo sign-in; null if unknown. */
  via: z.enum(['telegram', 'bot', 'demo']).nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** The session the request came from. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof SignedInSession>;
export const SessionsResponse = z.object({ sessions: z.array(SignedInSession) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;
export const SessionIdParams = z.object({ id: z.string().uuid() });

/** What the mini-app needs to know about this API before it renders sign-in and payment choices. */
export const ClientConfig = z.object({
  demo: z.boolean(),
  botUsername: z.string().nullable(),
  paymentMethods: z.array(z.string()),
  /** MARKET_FEE_BPS, for the seller's live preview of a resale split. */
  marketFeeBps: z.number().int().optional(),
  /** STARS_PER_TON: the buy screen shows the Stars an invoice will charge before it opens. */
  starsPerTon: z.number().int().optional(),
  /** STARS_RESALE_LOCK_DAYS: stated on the buy screen before a Stars payment. */
  starsResaleLockDays: z.number().int().optional(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
