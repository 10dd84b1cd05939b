import net from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { buildTestApp, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { file, multipart, postPack, recordStorageWrites, validFields } from './fixtures.js';

/**
 * Files that ask ffmpeg to fetch something: a manifest, a playlist, a concat list, a session description.
 * Some hide behind a fake `ftyp` box so the magic bytes say MP4 (a `jp2` brand makes ffmpeg's own MP4 guess
 * weak, so without a forced demuxer the DASH reader wins and fetches the manifest's URLs).
 */
function tricks(url: string): { name: string; bytes: Buffer; status: number; error: string }[] {
  const mpd = (base: string) =>
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" type="static" ` +
    `mediaPresentationDuration="PT2S" minBufferTime="PT1S"><BaseURL>${base}</BaseURL><Period start="PT0S">` +
    `<AdaptationSet mimeType="video/mp4" contentType="video"><SegmentTemplate timescale="1" duration="1" ` +
    `initialization="init.mp4" media="s$Number$.m4s" startNumber="1"/><Representation id="v" bandwidth="1000" ` +
    `width="16" height="16" codecs="avc1.42c00a"/></AdaptationSet></Period></MPD>`;
  const hls = `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${url}/a.ts\n#EXT-X-ENDLIST\n`;
  const concat = (target: string) => `ffconcat version 1.0\nfile '${target}'\n`;
  const sdp = `v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=x\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=video ${new URL(url).port} RTP/AVP 96\r\na=rtpmap:96 H264/90000\r\n`;
  const xbin = Buffer.concat([Buffer.from('XBIN\x1a'), Buffer.from([80, 0, 25, 0, 16, 0]), Buffer.from(url)]);
  // An XML comment whose bytes 4..7 are `ftyp`: XML to the DASH reader, MP4 to our magic bytes.
  const behindFtyp = (text: string, brand = 'jp2 ') => Buffer.from(`<!--ftyp${brand}-->${text}`);
  const unreadable = { status: 400, error: API_ERRORS.imageUnreadable };
  const notMedia = { status: 415, error: MESSAGES.imageRequired };
  return [
    { name: 'DASH behind ftyp (jp2 brand)', bytes: behindFtyp(mpd(`${url}/`)), ...unreadable },
    { name: 'DASH behind ftyp (isom brand)', bytes: behindFtyp(mpd(`${url}/`), 'isom'), ...unreadable },
    { name: 'DASH with a file: BaseURL', bytes: behindFtyp(mpd('file:///etc/')), ...unreadable },
    { name: 'HLS behind ftyp', bytes: behindFtyp(`\n${hls}`), ...unreadable },
    { name: 'HLS', bytes: Buffer.from(hls), ...notMedia },
    { name: 'ffconcat of a URL behind ftyp', bytes: behindFtyp(`\n${concat(`${url}/a.mp4`)}`), ...unreadable },
    { name: 'ffconcat of a URL', bytes: Buffer.from(concat(`${url}/a.mp4`)), ...notMedia },
    { name: 'ffconcat of /etc/passwd', bytes: Buffer.from(concat('/etc/passwd')), ...notMedia },
    { name: 'SDP behind ftyp', bytes: behindFtyp(`\n${sdp}`), ...unreadable },
    { name: 'SDP', bytes: Buffer.from(sdp), ...notMedia },
    { name: 'XBIN header and a URL', bytes: xbin, ...notMedia },
  ];
}

describe('an upload that names a URL or a local file is refused, and nothing is fetched', () => {
  let t: TestApp;
  let creator: TestUser;
  let server: net.Server;
  let url: string;
  let connections = 0;

  beforeAll(async () => {
    t = await buildTestApp({ config: rateLimitsWith({ upload: { max: 1_000, windowMs: 3_600_000 } }) });
    creator = await createCreator(t);
    // Anything that connects is counted and handed a tiny XBIN-looking text, as the attacker's server would.
    server = net.createServer((socket) => {
      connections++;
      socket.on('error', () => {});
      socket.end('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nXBIN\x1a internal secret\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const packCount = async () => Number((await t.db.select({ n: count() }).from(tables.packs))[0]!.n);
  /** Lets the listening socket take any connection a finished tool made before counting. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('refuses each trick with 415 or 400 { error }, stores nothing, and nothing connects', async () => {
    const outcomes = [];
    for (const trick of tricks(url)) {
      const written = recordStorageWrites(t);
      const before = await packCount();
      const body = await multipart(validFields, [{ name: 'image', file: file(trick.bytes, 'clip.mp4', 'video/mp4') }]);
      const res = await postPack(t, creator.headers, body);
      await settle();
      outcomes.push({
        name: trick.name,
        status: res.statusCode,
        body: res.json() as unknown,
        written,
        added: (await packCount()) - before,
        connections,
      });
    }
    expect(outcomes).toEqual(
      tricks(url).map((trick) => ({
        name: trick.name,
        status: trick.status,
        body: { error: trick.error },
        written: [],
        added: 0,
        connections: 0,
      })),
    );
  });
});
