import { z } from 'zod';

/** GET /api/auth/ton-proof/payload: what the wallet signs in its ton_proof (single use, 5 minutes). */
export const TonProofPayloadResponse = z.object({ payload: z.string(), expiresAt: z.string() });
export type TonProofPayloadResponse = z.infer<typeof TonProofPayloadResponse>;

/** The ton_proof item TON Connect returns, with the account's `walletStateInit` (base64 BOC). */
export const TonProof = z.object({
  timestamp: z.number().int().nonnegative(),
  domain: z.object({ lengthBytes: z.number().int().nonnegative(), value: z.string().max(253) }),
  payload: z.string().min(1).max(128),
  signature: z.string().min(1).max(200),
  stateInit: z.string().min(1).max(16_384),
});
export type TonProof = z.infer<typeof TonProof>;

/** POST /api/auth/link-wallet: the address and public key TON Connect reported, and the proof. */
export const LinkWalletRequest = z.object({
  walletAddress: z.string().min(1).max(100),
  publicKey: z.string().regex(/^[0-9a-fA-F]{64}$/),
  proof: TonProof,
});
export type LinkWalletRequest = z.infer<typeof LinkWalletRequest>;
