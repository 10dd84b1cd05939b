import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { tonProofPayloads } from '../db/schema.js';
import { hashSecret } from '../auth/secrets.js';

/** A ton_proof payload is valid this long after it is issued, and once. */
export const TON_PROOF_PAYLOAD_TTL_MS = 5 * 60_000;

/** A random payload for the signed-in user's next ton_proof; only its hash is stored. */
export async function issueTonProofPayload(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<{ payload: string; expiresAt: Date }> {
  const payload = randomBytes(32).toString('hex');
  const expiresAt = new Date(now.getTime() + TON_PROOF_PAYLOAD_TTL_MS);
  await db.insert(tonProofPayloads).values({ payloadHash: hashSecret(payload), userId, expiresAt, createdAt: now });
  return { payload, expiresAt };
}

/**
 * Uses up the payload if it is this user's, unused and unexpired: a conditional UPDATE, so of two requests
 * with one payload only one gets true.
 */
export async function consumeTonProofPayload(db: DbOrTx, userId: number, payload: string, now: Date): Promise<boolean> {
  const used = await db
    .update(tonProofPayloads)
    .set({ usedAt: now })
    .where(
      and(
        eq(tonProofPayloads.payloadHash, hashSecret(payload)),
        eq(tonProofPayloads.userId, userId),
        isNull(tonProofPayloads.usedAt),
        gt(tonProofPayloads.expiresAt, now),
      ),
    )
    .returning({ hash: tonProofPayloads.payloadHash });
  return used.length > 0;
}
