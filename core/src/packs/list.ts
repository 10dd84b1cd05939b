import { and, desc, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PackCard, PackListQuery, PackListResponse, Sort } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { likes, packs, users } from '../db/schema.js';
import { cardColumns, toPackCard, type CardRow } from './card.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { literalLimit, onePerHandle } from './prepared.js';
import { marketColumns, onResaleCondition } from '../resale/pack-market.js';

/** `%`, `_` and `\` are LIKE wildcards; a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * SPEC §5: a case-insensitive substring of the title, the description or the creator's username. The
 * matching creators are found once (users is small beside packs), so each pack row costs two ILIKEs.
 * The filter runs while walking the sort's index: a common term stops after one page of matches, a rare
 * one costs one pass over the catalogue (~15 ms at 10,000 packs). A trigram index was measured and not
 * kept: with LIMIT the planner still walks the sort index for rare terms, and forcing the index first
 * made common terms several times slower.
 */
function searchCondition(pattern: SQLWrapper): SQL {
  return sql`(${packs.title} ilike ${pattern} or ${packs.description} ilike ${pattern}
    or ${packs.creatorId} = any(array(select su.id from users su where su.username ilike ${pattern})))`;
}

/** The sort key each cursor carries, selected as text so it survives both drivers exactly. */
const sortKeySql: Record<Sort, SQL> = {
  trending: sql`${packs.trendingScore}`,
  newest: sql`((extract(epoch from ${packs.createdAt}) * 1000000)::bigint)::text`,
  price_low: sql`${packs.priceNano}::text`,
  price_high: sql`${packs.priceNano}::text`,
};

/** Descending with nulls last, exactly like packs_trending_idx and packs_newest_idx, so those indexes serve it. */
const descNullsLast = (column: SQLWrapper) => sql`${column} desc nulls last`;

const orderBy: Record<Sort, SQL[]> = {
  trending: [descNullsLast(packs.trendingScore), descNullsLast(packs.id)],
  newest: [descNullsLast(packs.createdAt), descNullsLast(packs.id)],
  price_low: [asc(packs.priceNano), asc(packs.id)],
  price_high: [desc(packs.priceNano), desc(packs.id)],
};

/**
 * Rows strictly after the cursor in the sort's order; a row comparison the btree indexes answer directly.
 * The cursor's key and id are the prepared statement's `key` and `id` placeholders.
 */
function afterCursor(sort: Sort): SQL {
  const key = sql.placeholder('key');
  const id = sql.placeholder('id');
  switch (sort) {
    case 'trending':
      return sql`(${packs.trendingScore}, ${packs.id}) < (${key}::real, ${id}::integer)`;
    case 'newest':
      return sql`(${packs.createdAt}, ${packs.id}) < (timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond', ${id}::integer)`;
    case 'price_low':
      return sql`(${packs.priceNano}, ${packs.id}) > (${key}::bigint, ${id}::integer)`;
    case 'price_high':
      return sql`(${packs.priceNano}, ${packs.id}) < (${key}::bigint, ${id}::integer)`;
  }
}

/**
 * The listing as a prepared statement per shape: sort × search × on resale × cursor × page size
 * (prepared.ts). The time that decides which listings are buyable is the `now` placeholder. The page size
 * is a literal, not a placeholder (literalLimit): with an unknown LIMIT Postgres would plan every execution.
 */
function prepareList(
  db: DbOrTx,
  sort: Sort,
  search: boolean,
  onResale: boolean,
  cursor: boolean,
  limit: number,
  name: string,
) {
  const now = sql.placeholder('now');
  return db
    .select({ ...cardColumns(null), ...marketColumns(now), sortKey: sortKeySql[sort] })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.creatorId))
    .where(
      and(
        search ? searchCondition(sql.placeholder('pattern')) : undefined,
        onResale ? onResaleCondition(now) : undefined,
        cursor ? afterCursor(sort) : undefined,
      ),
    )
    .orderBy(...orderBy[sort])
    .limit(literalLimit(limit))
    .prepare(name);
}

type ListStatement = ReturnType<typeof prepareList>;
const preparedLists = new WeakMap<DbOrTx, Map<string, ListStatement>>();

function listStatement(
  db: DbOrTx,
  sort: Sort,
  search: boolean,
  onResale: boolean,
  cursor: boolean,
  limit: number,
): ListStatement {
  const name = `packs_list_${sort}${search ? '_search' : ''}${onResale ? '_resale' : ''}${cursor ? '_after' : ''}_${limit}`;
  const statements = onePerHandle(preparedLists, db, () => new Map<string, ListStatement>());
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = prepareList(db, sort, search, onResale, cursor, limit, name)));
  return statement;
}

/**
 * One page of the catalogue as a signed-out visitor sees it (isFavorite false). Callers overlay the
 * viewer's likes with `markFavorites`, so this page can be shared between viewers.
 */
export async function listPacks(
  db: DbOrTx,
  query: Omit<PackListQuery, 'onResale'> & { onResale?: boolean },
  now: Date,
): Promise<PackListResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const statement = listStatement(
    db,
    query.sort,
    query.search !== '',
    query.onResale === true,
    cursor !== undefined,
    query.limit + 1,
  );
  const rows = await statement.execute({
    pattern: likePattern(query.search),
    key: cursor?.key,
    id: cursor?.id,
    now: now.toISOString(),
  });
  const page = rows.slice(0, query.limit) as (CardRow & { sortKey: unknown })[];
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ sort: query.sort, key: cursorKey(query.sort, last.sortKey), id: last.id })
      : null;
  return { items: page.map((row) => toPackCard(row, now)), nextCursor };
}

function cursorKey(sort: Sort, value: unknown): number | string {
  return sort === 'trending' ? Number(value) : String(value);
}

/**
 * The trending grid: packs by trending score (ties: newest id first), as a signed-out visitor sees them.
 * Packs without a score fill the grid after the scored ones, so Home is never empty; only scored
 * top packs carry the isTrending badge.
 */
export async function listTrending(db: DbOrTx, limit: number, now: Date): Promise<PackCard[]> {
  const statements = onePerHandle(preparedTrending, db, () => new Map<number, TrendingStatement>());
  let statement = statements.get(limit);
  if (!statement) statements.set(limit, (statement = prepareTrending(db, limit)));
  const rows = await statement.execute({ now: now.toISOString() });
  return rows.map((row) => toPackCard(row, now));
}

const prepareTrending = (db: DbOrTx, limit: number) =>
  db
    .select({ ...cardColumns(null), ...marketColumns(sql.placeholder('now')) })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.creatorId))
    .orderBy(...orderBy.trending)
    .limit(literalLimit(limit))
    .prepare(`packs_trending_${limit}`);
type TrendingStatement = ReturnType<typeof prepareTrending>;
const preparedTrending = new WeakMap<DbOrTx, Map<number, TrendingStatement>>();

/** The viewer's likes among a page of pack ids: one shape for any page size (an array, not a list). */
const prepareLiked = (db: DbOrTx) =>
  db
    .select({ packId: likes.packId })
    .from(likes)
    .where(
      and(
        eq(likes.userId, sql.placeholder('viewerId')),
        sql`${likes.packId} = any(${sql.placeholder('ids')}::integer[])`,
      ),
    )
    .prepare('packs_liked');
const preparedLiked = new WeakMap<DbOrTx, ReturnType<typeof prepareLiked>>();

/** Copies of `cards` with isFavorite set for `viewerId`: one indexed lookup for the whole page. */
export async function markFavorites<T extends PackCard>(
  db: DbOrTx,
  cards: readonly T[],
  viewerId: number | null,
): Promise<T[]> {
  if (viewerId === null || cards.length === 0) return [...cards];
  const liked = await onePerHandle(preparedLiked, db, prepareLiked).execute({
    viewerId,
    ids: cards.map((card) => card.id),
  });
  const ids = new Set(liked.map((row) => row.packId));
  return cards.map((card) => ({ ...card, isFavorite: ids.has(card.id) }));
}
