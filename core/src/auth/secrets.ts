import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): refresh tokens and login codes. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their sha256, so a leaked table grants nothing. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
