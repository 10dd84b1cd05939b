/**
 * A read's floor: the very statements a route sends, through the same database client, answered
 * by a bare `node:http` handler with `JSON.stringify`: no framework, no hooks, no auth, no rate limit, no
 * mapping of rows. What a route serves below its floor is what the API adds on top of the database.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@stickerdrop/core';

/** The arguments of one `query` call on the driver's client, replayed as they were made. */
type QueryCall = unknown[];

interface Queryable {
  query(...args: unknown[]): Promise<{ rows: unknown }>;
}

export interface ReadFloors {
  /** The statements one request to `url` sends, recorded on a second request (the first may warm a cache). */
  record(url: string, headers: Record<string, string>): Promise<number>;
  /** The floor's address for a recorded url. */
  floorUrl(url: string): string;
  close(): Promise<void>;
}

/**
 * Wraps the client under `db` (node-postgres' pool or PGlite) so its calls can be recorded, and serves each
 * recorded request's statements again, one after another as the route sent them, at `/floor/<n>`.
 */
export async function startReadFloors(db: Database): Promise<ReadFloors> {
  const client = (db as unknown as { $client: Queryable }).$client;
  const query = client.query.bind(client);
  let recording: QueryCall[] | undefined;
  client.query = (...args: unknown[]) => {
    recording?.push(args);
    return query(...args);
  };

  const recorded: QueryCall[][] = [];
  const indexOf = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const calls = recorded[Number(req.url?.slice('/floor/'.length))];
    if (!calls) {
      res.writeHead(404).end();
      return;
    }
    replay(calls).then(
      (rows) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(rows));
      },
      (error: unknown) => {
        res.writeHead(500).end(String(error));
      },
    );
  });
  async function replay(calls: QueryCall[]): Promise<unknown[]> {
    const rows: unknown[] = [];
    for (const call of calls) rows.push((await query(...call)).rows);
    return rows;
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    async record(url, headers) {
      await fetch(url, { headers });
      recording = [];
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      const calls = recording;
      recording = undefined;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status} while recording`);
      indexOf.set(url, recorded.push(calls) - 1);
      return calls.length;
    },
    floorUrl(url) {
      const index = indexOf.get(url);
      if (index === undefined) throw new Error(`no statements recorded for ${url}`);
      return `${base}/floor/${index}`;
    },
    async close() {
      client.query = query;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
