import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres, freshPostgresUrl } from '../../helpers.js';
import { file, makeDeepPng, makeLargePng, multipart, validFields } from './fixtures.js';
import type { UploadServerReady, UploadServerReport } from './upload-server.js';

const UPLOADS = 20;
const RSS_LIMIT = 600 * 1024 * 1024;

/** POSTs the same body (one Buffer, never copied) over a real socket. */
function post(port: number, headers: Record<string, string>, payload: Buffer) {
  return new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: '/api/stickers', method: 'POST', headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, retryAfter: response.headers['retry-after'], body }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The next message the server process sends. */
const nextMessage = <T>(child: ChildProcess) =>
  new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`the upload server exited with ${code}`)));
  });

describePostgres('twenty worst-case uploads at once, against the API in its own process', () => {
  let database: Awaited<ReturnType<typeof freshPostgresUrl>>;
  let server: ChildProcess;
  let ready: UploadServerReady;
  beforeAll(async () => {
    database = await freshPostgresUrl();
    server = spawn(
      process.execPath,
      ['--max-semi-space-size=16', '--import', 'tsx', path.join(import.meta.dirname, 'upload-server.ts')],
      {
        // As `npm start` runs the server. Node 20's young generation: Node 24 grows it to ~130 MB while the
        // server loads (315 MB of RSS before the first upload instead of ~180). And glibc's default of a malloc
        // arena per thread let libvips' threads keep ~200 MB more of freed memory (a peak of 607-789 MB here
        // instead of ~540).
        env: { ...process.env, DATABASE_URL: database.url, MALLOC_ARENA_MAX: '2' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    ready = await nextMessage<UploadServerReady>(server);
  }, 60_000);
  afterAll(async () => {
    if (server?.connected) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.disconnect();
      await exited;
    }
    await database?.drop();
  });

  it('keep its RSS under 600 MB, decode at most UPLOAD_CONCURRENCY at once, and answer 201, 400 or 503', async () => {
    const { uploads } = ready;
    // The dearest image per byte: 7000×7000 16-bit RGBA (49 million pixels, just under one image's limit)
    // in 0.6 MB; then the request's byte cap filled with 5 MB PNGs of noise, which a server could hold in memory.
    const bomb = await makeDeepPng(7000, 7000);
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 7000, height: 7000, depth: 'ushort', channels: 4 });
    const noise = await makeLargePng(5_000_000);
    const fillers = Math.floor((uploads.maxBytesPerRequest - bomb.length) / noise.length);
    const body = await multipart(validFields, [
      { name: 'image', file: file(bomb, 'bomb.png', 'image/png') },
      ...Array.from({ length: fillers }, (_, i) => ({ name: 'image', file: file(noise, `n${i}.png`, 'image/png') })),
    ]);
    expect(body.payload.length).toBeGreaterThan(uploads.maxBytesPerRequest - noise.length);

    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, () => post(ready.port, { ...ready.headers, ...body.headers }, body.payload)),
    );
    server.send('report');
    const report = await nextMessage<UploadServerReport>(server);

    const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
    console.log(
      `${UPLOADS} uploads of ${mb(body.payload.length)} at once: server RSS ${mb(report.startRss)} before,`,
      `peak ${mb(report.peakRss)}; answers ${answers.map((answer) => answer.status).join(' ')};`,
      `at most ${report.poolPeak} decoding at once`,
    );
    expect(report.peakRss).toBeLessThan(RSS_LIMIT);
    for (const answer of answers) expect([201, 400, 503], answer.body).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 503)) expect(answer.retryAfter).toMatch(/^\d+$/);
    expect(report.poolPeak).toBeLessThanOrEqual(uploads.concurrency);
    expect(report.poolActive).toBe(0);
  }, 300_000);
});
