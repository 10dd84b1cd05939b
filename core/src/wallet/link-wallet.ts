import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import type { UserRow } from '../profile/users.js';
import { consumeTonProofPayload } from './payloads.js';

/**
 * Stores a wallet whose ton_proof checked out, spending its single-use payload in the same transaction;
 * null when the payload was already spent, expired or someone else's (nothing changes then).
 */
export async function linkWallet(
  db: Database,
  input: { userId: number; payload: string; walletAddress: string; now: Date },
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    if (!(await consumeTonProofPayload(tx, input.userId, input.payload, input.now))) return null;
    const [row] = await tx
      .update(users)
      .set({ walletAddress: input.walletAddress })
      .where(eq(users.id, input.userId))
      .returning();
    return row ?? null;
  });
}
