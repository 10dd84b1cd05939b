import { z } from 'zod';
import { User } from './user.js';

export const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof Tokens>;

export const TelegramAuthRequest = z.object({ initData: z.string().min(1).max(8192) });
export const RefreshRequest = z.object({ refreshToken: z.string().min(1).max(512) });
export const LogoutRequest = RefreshRequest;
export const DemoAuthRequest = z.object({ as: z.enum(['collector', 'creator']).default('collector') });

export const AuthResponse = z.object({ user: User, tokens: Tokens });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const LoginCodeResponse = z.object({ code: z.string(), url: z.string(), expiresAt: z.string() });
export type LoginCodeResponse = z.infer<typeof LoginCodeResponse>;
export const LoginCodePending = z.object({ status: z.literal('pending') });

/** What the mini-app needs to know about this API before it renders sign-in and payment choices. */
export const ClientConfig = z.object({
  demo: z.boolean(),
  botUsername: z.string().nullable(),
  paymentMethods: z.array(z.string()),
  /** MARKET_FEE_BPS, for the seller's live preview of a resale split. */
  marketFeeBps: z.number().int().optional(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
