import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * Copies what search reads of a pack's stickers onto the pack: its tags and the stickers' keywords as lower-
 * case words, the stickers' emoji (without U+FE0F, so "❤" and "❤️" are one) and their formats. Called in the
 * same transaction as every write of stickers (a new pack, the demo and bench catalogues), so a pack is
 * never found by words it no longer has; migration 0020 ran the same statement over the packs before it.
 */
export async function refreshSearchFacts(db: DbOrTx, packIds: readonly number[]): Promise<void> {
  if (packIds.length === 0) return;
  await db.execute(sql`
    update packs p set
      search_words = lower(array_to_string(p.tags || array(
        select unnest(s.keywords) from pack_stickers s where s.pack_id = p.id order by s.position), ' ')),
      sticker_emoji = array(
        select distinct replace(e, U&'\\FE0F', '') from pack_stickers s, unnest(s.emoji) e where s.pack_id = p.id),
      sticker_formats = array(select distinct s.format from pack_stickers s where s.pack_id = p.id)
    where p.id = any(${sql.param([...packIds])}::integer[])`);
}
