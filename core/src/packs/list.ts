import { and, desc, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ListSort, PackCard, PackListQuery, PackListResponse } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { likes, packs, users } from '../db/schema.js';
import { cardJsonSql, withFavorite } from './card-json.js';
import { decodeCursor, encodeCursor, type Cursor } from './cursor.js';
import { filterCondition, filterName, filterParams, filterShape, type FilterShape } from './filters.js';
import { relevanceSql, searchCondition, searchParams } from './search.js';
import { keyedPerHandle, literalLimit, perHandle } from '../db/prepared.js';
import { readsTogether } from '../db/batches.js';
import { jsonArrayText, pageJsonText } from '../db/json-text.js';
import { packListedSql } from '../sales/listed.js';

/** The sort key each cursor carries, selected as text so it survives both drivers exactly. */
const sortKeySql: Record<ListSort, SQL> = {
  trending: sql`${packs.trendingScore}`,
  relevance: sql`${relevanceSql} || ':' || ${packs.trendingScore}`,
  newest: sql`((extract(epoch from ${packs.createdAt}) * 1000000)::bigint)::text`,
  price_low: sql`${packs.priceNano}::text`,
  price_high: sql`${packs.priceNano}::text`,
};

/** Descending with nulls last, exactly like packs_trending_idx and packs_newest_idx, so those indexes serve it. */
const descNullsLast = (column: SQLWrapper) => sql`${column} desc nulls last`;

const orderBy: Record<ListSort, SQL[]> = {
  trending: [descNullsLast(packs.trendingScore), descNullsLast(packs.id)],
  relevance: [sql`${relevanceSql} desc`, descNullsLast(packs.trendingScore), descNullsLast(packs.id)],
  newest: [descNullsLast(packs.createdAt), descNullsLast(packs.id)],
  price_low: [asc(packs.priceNano), asc(packs.id)],
  price_high: [desc(packs.priceNano), desc(packs.id)],
};

/**
 * Rows strictly after the cursor in the sort's order; a row comparison the btree indexes answer directly.
 * The cursor's key and id are the prepared statement's `key` and `id` placeholders.
 */
function afterCursor(sort: ListSort): SQL {
  const key = sql.placeholder('key');
  const id = sql.placeholder('id');
  switch (sort) {
    case 'relevance':
      return sql`(${relevanceSql}, ${packs.trendingScore}, ${packs.id}) < (${sql.placeholder('rank')}::integer, ${key}::real, ${id}::integer)`;
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

/** The shape of a listing statement; each shape is one prepared statement (db/prepared.ts). */
interface ListShape {
  sort: ListSort;
  search: boolean;
  filters: FilterShape;
  cursor: boolean;
  /** Rows asked for: the page size plus one, to learn whether a next page exists. */
  limit: number;
}

/**
 * The listing as a prepared statement per shape. The time that decides which listings are buyable is the
 * `now` placeholder. The page size is a literal, not a placeholder (literalLimit): with an unknown LIMIT
 * Postgres would plan every execution. Each row is the card's JSON text (card-json.ts).
 */
function prepareList(db: DbOrTx, shape: ListShape, name: string) {
  const now = sql.placeholder('now');
  const { sort } = shape;
  return db
    .select({ json: cardJsonSql(now), sortKey: sortKeySql[sort], id: packs.id })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.creatorId))
    .where(
      and(
        packListedSql,
        shape.search ? searchCondition : undefined,
        filterCondition(shape.filters, now),
        shape.cursor ? afterCursor(sort) : undefined,
      ),
    )
    .orderBy(...orderBy[sort])
    .limit(literalLimit(shape.limit))
    .prepare(name);
}

type ListStatement = ReturnType<typeof prepareList>;
const listStatements = keyedPerHandle<string, ListStatement>();

function listStatement(db: DbOrTx, shape: ListShape): ListStatement {
  const { sort, search, filters, cursor, limit } = shape;
  const parts = ['packs_list', sort, search ? 'search' : '', filterName(filters), cursor ? 'after' : '', limit];
  const name = parts.filter((part) => part !== '').join('_');
  return listStatements(db, name, (handle) => prepareList(handle, shape, name));
}

/** A card as Postgres wrote it (without isFavorite), and its pack id. */
export interface CardText {
  id: number;
  json: string;
}

/** One page of cards, the same for every viewer, so it can be shared (the API's read cache). */
export interface CardPage {
  cards: CardText[];
  nextCursor: string | null;
}

/** What a list asks; the filters left out ask nothing. */
type ListQuery = Pick<PackListQuery, 'search' | 'sort' | 'limit'> &
  Partial<Omit<PackListQuery, 'search' | 'sort' | 'limit'>>;

/** One page of the catalogue, as card texts written by Postgres (card-json.ts). */
export async function listPackCards(db: DbOrTx, query: ListQuery, now: Date): Promise<CardPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const filters = { availability: 'all' as const, ...query };
  const statement = listStatement(db, {
    sort: query.sort,
    search: query.search !== '',
    filters: filterShape(filters),
    cursor: cursor !== undefined,
    limit: query.limit + 1,
  });
  const rows = await statement.execute({
    ...searchParams(query.search),
    ...filterParams(filters),
    ...cursorParams(cursor),
    now: now.toISOString(),
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ sort: query.sort, key: cursorKey(query.sort, last.sortKey), id: last.id })
      : null;
  return { cards: page.map(({ id, json }) => ({ id, json })), nextCursor };
}

function cursorKey(sort: ListSort, value: unknown): number | string {
  return sort === 'trending' ? Number(value) : String(value);
}

/** A relevance cursor's key is "rank:score"; the others are their one key. */
function cursorParams(cursor: Cursor | undefined) {
  if (!cursor) return { key: undefined, id: undefined, rank: undefined };
  if (cursor.sort !== 'relevance') return { key: cursor.key, id: cursor.id, rank: undefined };
  const [rank, score] = String(cursor.key).split(':');
  return { key: score, id: cursor.id, rank };
}

/** Each card's JSON text with isFavorite: whether `liked` has its pack. */
const withFavorites = (cards: readonly CardText[], liked: ReadonlySet<number>) =>
  cards.map((card) => withFavorite(card.json, liked.has(card.id)));

/** The JSON text of a card array, each card with isFavorite. */
export function cardsJson(cards: readonly CardText[], liked: ReadonlySet<number>): string {
  return jsonArrayText(withFavorites(cards, liked));
}

/** The JSON text of a PackListResponse. */
export function pageJson(page: CardPage, liked: ReadonlySet<number>): string {
  return pageJsonText(withFavorites(page.cards, liked), page.nextCursor);
}

const NOTHING_LIKED: ReadonlySet<number> = new Set();

/** One page of the catalogue as `viewerId` sees it (null: signed out), as objects (the bot's inline search). */
export async function listPacks(
  db: DbOrTx,
  query: ListQuery,
  now: Date,
  viewerId: number | null = null,
): Promise<PackListResponse> {
  const page = await listPackCards(db, query, now);
  const liked = await likedPackIds(db, viewerId, page.cards);
  return JSON.parse(pageJson(page, liked)) as PackListResponse;
}

/**
 * The trending grid: packs by trending score (ties: newest id first), as card texts. Packs without a score
 * fill the grid after the scored ones, so Home is never empty; only scored top packs carry the isTrending
 * badge.
 */
export async function listTrendingCards(db: DbOrTx, limit: number, now: Date): Promise<CardText[]> {
  const statement = trendingStatements(db, limit, (handle) => prepareTrending(handle, limit));
  return statement.execute({ now: now.toISOString() });
}

/** The trending grid as `viewerId` sees it, as objects. */
export async function listTrending(
  db: DbOrTx,
  limit: number,
  now: Date,
  viewerId: number | null = null,
): Promise<PackCard[]> {
  const cards = await listTrendingCards(db, limit, now);
  return JSON.parse(cardsJson(cards, await likedPackIds(db, viewerId, cards))) as PackCard[];
}

const prepareTrending = (db: DbOrTx, limit: number) =>
  db
    .select({ id: packs.id, json: cardJsonSql(sql.placeholder('now')) })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.creatorId))
    .where(packListedSql)
    .orderBy(...orderBy.trending)
    .limit(literalLimit(limit))
    .prepare(`packs_trending_${limit}`);
type TrendingStatement = ReturnType<typeof prepareTrending>;
const trendingStatements = keyedPerHandle<number, TrendingStatement>();

/**
 * Which of some pages' packs their viewers liked, in one statement of (position, viewer, pack) triples
 * looked up in likes' primary key: one shape for any number of pages of any size (arrays, not lists).
 */
const prepareLiked = (db: DbOrTx) =>
  db
    .select({ n: sql<number>`r.n`.mapWith(Number), packId: likes.packId })
    .from(
      sql`unnest(${sql.placeholder('positions')}::integer[], ${sql.placeholder('viewers')}::bigint[],
        ${sql.placeholder('packs')}::integer[]) as r(n, viewer_id, pack_id)`,
    )
    .innerJoin(likes, and(eq(likes.userId, sql`r.viewer_id`), eq(likes.packId, sql`r.pack_id`)))
    .prepare('packs_liked');
const likedStatement = perHandle(prepareLiked);

interface LikesAsked {
  viewerId: number;
  packIds: number[];
}

async function likesOf(db: DbOrTx, asked: LikesAsked[]): Promise<ReadonlySet<number>[]> {
  const triples = asked.flatMap(({ viewerId, packIds }, n) => packIds.map((packId) => [n, viewerId, packId]));
  const rows = await likedStatement(db).execute({
    positions: triples.map((t) => t[0]),
    viewers: triples.map((t) => t[1]),
    packs: triples.map((t) => t[2]),
  });
  const liked = asked.map(() => new Set<number>());
  for (const row of rows) liked[row.n]!.add(row.packId);
  return liked;
}

const likesTogether = readsTogether((handle, _key: 0, many: LikesAsked[]) => likesOf(handle, many));

/**
 * Which of `cards` the viewer liked: one indexed lookup for the whole page, none when signed out, read
 * together with the other pages' likes asked meanwhile (a signed-in page is its cards, shared and often from
 * the read cache, and this lookup: a round trip each was most of what set it apart from a signed-out one).
 */
export async function likedPackIds(
  db: DbOrTx,
  viewerId: number | null,
  cards: readonly { id: number }[],
): Promise<ReadonlySet<number>> {
  if (viewerId === null || cards.length === 0) return NOTHING_LIKED;
  const asked = { viewerId, packIds: cards.map((card) => card.id) };
  return likesTogether(db, 0, asked);
}
