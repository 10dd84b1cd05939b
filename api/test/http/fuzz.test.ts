import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, isNull, lt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '@stickerdrop/core';
import { CREATE_PACK_TEXT_FIELDS } from '@stickerdrop/shared';
import { ROUTE_DOCS } from '../../src/http/route-docs.js';
import { buildTestApp, rateLimitsWith, type TestApp } from '../helpers.js';
import { createCreator } from '../users.js';
import { makeImage } from '../features/create-pack/fixtures.js';
import { lottieDocument } from '../features/create-pack/media-fixtures.js';
import {
  anyValue,
  edgeString,
  inputSchema,
  type KnownValues,
  objectFor,
  pathSegmentFor,
  queryFor,
  valueFor,
} from './fuzz/arbitraries.js';
import { diskStorage, tables } from '@stickerdrop/core/testing';

/**
 * Bad and odd input for every documented route, generated from its schemas: edge values of the right type
 * (huge ints, NUL bytes, unicode, empty and long strings) and values of the wrong one, in params, query and
 * body, signed out and signed in. A 5xx, or a status the route's doc does not list (every route may refuse
 * with a 4xx `{ error }`), fails the run; fast-check prints the seed and the shrunk request to replay it.
 * The seed is fixed on a developer's machine and new on each CI run, so the runs together try more; it is
 * printed, and FUZZ_SEED=<seed> replays a run.
 */
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : process.env.CI
    ? randomInt(2 ** 31 - 1)
    : 20_261_125;
console.info(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED})`);
const RUNS_PER_ROUTE = 40;

const RAW_JSON_BODIES = ['{', '{"a":', 'null', '"x"', '[]', '1e999', '\u0000', '{"__proto__":{"x":1}}'];

type Body = Pick<InjectOptions, 'payload' | 'headers'>;
/** A file part: bytes and the name a client gave them. */
type Upload = { bytes: Uint8Array; filename: string };

/** The per-sticker JSON lists of the form (emoji, keywords), holding edge strings: NUL, overrides, joiners. */
const stickerLists = fc
  .array(
    fc.array(fc.oneof(edgeString, fc.constantFrom('😀', '👨\u200d💻', 'c\u200bat', '\u2066x')), { maxLength: 3 }),
    {
      minLength: 1,
      maxLength: 2,
    },
  )
  .map((lists) => JSON.stringify(lists));

/** A form valid but for the sticker lists, so they are what the server meets first. */
const formWithLists = fc
  .record(
    { emoji: fc.option(stickerLists, { nil: undefined }), keywords: stickerLists },
    { requiredKeys: ['keywords'] },
  )
  .map((lists) => ({ title: 'Fuzz', price: '1', ...lists }));

/** A Lottie nested `depth` arrays deep inside its first layer, gzipped as a TGS. */
function nestedTgs(depth: number): Buffer {
  const json = JSON.stringify(lottieDocument()).replace(
    '"nm":"box"',
    `"nm":"box","x":${'['.repeat(depth)}${']'.repeat(depth)}`,
  );
  return zlib.gzipSync(json);
}
type Caller = 'signed out' | 'signed in' | 'bad token';

function bodyFor(route: string, known: KnownValues, files: Upload[]): fc.Arbitrary<Body> {
  const doc = ROUTE_DOCS[route]!;
  const json = (doc.body ? valueFor(inputSchema(doc.body), known) : anyValue).map((value) => ({
    payload: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
  }));
  const raw = fc
    .constantFrom(...RAW_JSON_BODIES)
    .map((payload) => ({ payload, headers: { 'content-type': 'application/json' } }));
  const none = fc.constant<Body>({});
  if (!doc.consumes?.startsWith('multipart/form-data')) return fc.oneof(json, json, raw, none);
  const fields = objectFor(
    { properties: Object.fromEntries(CREATE_PACK_TEXT_FIELDS.map((f) => [f, { type: 'string' }])) },
    known,
  );
  const form = fc
    .tuple(
      fc.oneof({ weight: 1, arbitrary: fields }, { weight: 2, arbitrary: formWithLists }),
      fc.option(fc.constantFrom(...files), { nil: undefined, freq: 4 }),
    )
    .map(([values, upload]) => multipartBody(values, upload));
  return fc.oneof(form, form, json, none);
}

/** A multipart body written by hand, so it can be built synchronously inside the generator. */
function multipartBody(fields: Record<string, unknown>, image: Upload | undefined): Body {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
  );
  const chunks: Uint8Array[] = parts.map((part) => Buffer.from(part));
  if (image) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${image.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      image.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A stored file's key, the `*` of `/files/*`: known ones, and names no server makes (thousands of
 * characters, deep folders) that a disk store must never be asked for.
 */
const fileKey = fc.oneof(
  fc.constantFrom('previews/seed/none.webp', 'packs/x.webm', 'originals/x.png'),
  fc
    .tuple(fc.constantFrom('previews/', 'packs/', 'previews/a/'), fc.integer({ min: 150, max: 6_000 }))
    .map(([folder, length]) => `${folder}${'a'.repeat(length)}.webp`),
  fc.integer({ min: 1, max: 300 }).map((depth) => `previews/${'a/'.repeat(depth)}x.webp`),
);

function requestFor(route: string, known: KnownValues, files: Upload[]): fc.Arbitrary<InjectOptions> {
  const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
  const doc = ROUTE_DOCS[route]!;
  const params = doc.params ? inputSchema(doc.params) : undefined;
  const names = [...pattern.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  const segmentFor = (name: string) => {
    const generic = pathSegmentFor(params?.properties?.[name], known);
    return name === '*' ? fc.oneof(generic, fileKey) : generic;
  };
  const segments = fc.tuple(...names.map(segmentFor));
  const query = fc.option(queryFor(doc.query ? inputSchema(doc.query) : undefined, known), { freq: 3 });
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? bodyFor(route, known, files) : fc.constant<Body>({});
  return fc.tuple(segments, query, body).map(([values, search, { payload, headers }]) => {
    let index = 0;
    const path = pattern.replace(/:(\w+)|\*/g, () => values[index++]!);
    return { method, url: search === null ? path : `${path}?${search}`, payload, headers };
  });
}

/** The statuses a route may answer: those its doc lists, and any refusal. */
function documented(route: string, status: number): boolean {
  return String(status) in ROUTE_DOCS[route]!.responses || (status >= 400 && status < 500);
}

describe('fuzzing every documented route', () => {
  let t: TestApp;
  let files: Upload[];
  let storageRoot: string;
  const known: KnownValues = { ids: [1, 2, 3], strings: ['collector', 'creator', 'ton', 'demo'] };
  const callers: Record<Caller, Record<string, string>> = { 'signed out': {}, 'signed in': {}, 'bad token': {} };

  beforeAll(async () => {
    // Telegram at a closed port: a Stars invoice or a shared message then meets a provider that is down.
    // Files on disk, as `npm start` keeps them: a name the file system refuses must never reach it.
    storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'stickerdrop-fuzz-'));
    t = await buildTestApp({
      config: { ...rateLimitsWith(unlimited()), telegramApiRoot: 'http://127.0.0.1:9' },
      storage: diskStorage(storageRoot),
    });
    await seedDemoCatalogue({ db: t.db, storage: t.storage, now: t.clock.now });
    // A creator, so the creator-only routes (a new pack's upload) are reached past their 403.
    const user = await createCreator(t);
    callers['signed in'] = user.headers;
    callers['bad token'] = { authorization: 'Bearer not.a.token' };
    // The user holds an edition and an open order, so owner-only and order routes are reachable.
    const [pack] = await t.db
      .select({ id: tables.packs.id })
      .from(tables.packs)
      .where(and(lt(tables.packs.soldCount, tables.packs.maxSupply), isNull(tables.packs.dropsAt)))
      .limit(1);
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      headers: user.headers,
      payload: { stickerId: pack!.id, paymentMethod: 'demo' },
    });
    if (buy.statusCode !== 201) throw new Error(`setup: buy failed: ${buy.body}`);
    const orderId = (buy.json() as { order: { id: string } }).order.id;
    await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/demo-pay`, headers: user.headers });
    for (const table of ['packs', 'editions', 'listings', 'offers']) {
      const result = await t.db.execute(sql`select id from ${sql.identifier(table)} limit 5`);
      const { rows } = result as unknown as { rows: { id: number | string }[] };
      known.ids.push(...rows.map((row) => Number(row.id)));
    }
    known.strings.push(orderId);
    files = [
      { bytes: await makeImage('png', 32, 32), filename: 'a.png' },
      { bytes: nestedTgs(5_000), filename: 'deep.tgs' },
    ];
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(storageRoot, { recursive: true, force: true });
  });

  const routes = Object.keys(ROUTE_DOCS);
  describe.each(Object.keys(callers) as Caller[])('%s', (caller) => {
    it.each(routes)('%s answers only documented statuses, never 5xx', async (route) => {
      await fc.assert(
        fc.asyncProperty(requestFor(route, known, files), async (request) => {
          const res = await t.app.inject({ ...request, headers: { ...request.headers, ...callers[caller] } });
          const answer = `${request.method} ${request.url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(documented(route, res.statusCode), answer).toBe(true);
          if (res.statusCode >= 400) expect(res.json(), answer).toEqual({ error: expect.any(String) });
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: false },
      );
    });
  });
});

function unlimited() {
  const plenty = { max: 1_000_000, windowMs: 60_000 };
  return {
    signIn: plenty,
    loginCode: plenty,
    loginCodePoll: plenty,
    buy: plenty,
    upload: plenty,
    like: plenty,
    write: plenty,
  };
}
