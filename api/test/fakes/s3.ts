import type http from 'node:http';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { HttpFake, ScriptedFailures, readBody } from './http-fake.js';

/**
 * A local stand-in for an S3-compatible service (one bucket, path-style `/<bucket>/<key>`, PUT and GET
 * Object), on 127.0.0.1. Like the real thing it refuses any request whose AWS Signature V4 does not verify:
 * the signature is recomputed here, from the request as received, with node:crypto — independently of the
 * client's signer — so a wrong secret, region or canonical form is a 403.
 */
export interface S3Object {
  bytes: Buffer;
  contentType: string;
}

export interface RecordedS3Request {
  method: string;
  path: string;
  contentType: string | undefined;
  status: number;
}

export class FakeS3 extends HttpFake {
  readonly objects = new Map<string, S3Object>();
  readonly requests: RecordedS3Request[] = [];
  private failures = new ScriptedFailures<number>();

  constructor(readonly credentials: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }) {
    super();
  }

  /** S3_ENDPOINT. */
  get endpoint(): string {
    return this.url;
  }

  /** The next `times` requests that pass authentication fail with `status` (the service having a bad day). */
  fail(status: number, times = 1): void {
    this.failures.add(status, times);
  }

  protected async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', this.url);
    const entry: RecordedS3Request = {
      method: req.method ?? '',
      path: url.pathname,
      contentType: req.headers['content-type'],
      status: 0,
    };
    this.requests.push(entry);
    const answer = (status: number, payload: Buffer | string, headers: http.OutgoingHttpHeaders = {}) => {
      entry.status = status;
      res.writeHead(status, headers);
      res.end(payload);
    };
    const error = (status: number, code: string) =>
      answer(status, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`, {
        'content-type': 'application/xml',
      });

    const refusal = this.authenticate(req, url, body);
    if (refusal) return error(refusal.status, refusal.code);
    const failure = this.failures.next();
    if (failure) return error(failure, 'InternalError');

    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket !== this.credentials.bucket) return error(404, 'NoSuchBucket');
    if (req.method === 'PUT') {
      this.objects.set(key, { bytes: body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
      return answer(200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` });
    }
    if (req.method === 'GET') {
      const object = this.objects.get(key);
      if (!object) return error(404, 'NoSuchKey');
      return answer(200, object.bytes, { 'content-type': object.contentType });
    }
    if (req.method === 'DELETE') {
      this.objects.delete(key);
      return answer(204, '');
    }
    return error(405, 'MethodNotAllowed');
  }

  private authenticate(
    req: http.IncomingMessage,
    url: URL,
    body: Buffer,
  ): { status: number; code: string } | undefined {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!match) return { status: 403, code: 'AccessDenied' };
    const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
    if (accessKeyId !== this.credentials.accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' };
    if (region !== this.credentials.region) return { status: 400, code: 'AuthorizationHeaderMalformed' };
    const amzDate = header(req, 'x-amz-date');
    const headerNames = signedHeaders!.split(';');
    if (!headerNames.includes('host') || !headerNames.includes('x-amz-date') || !amzDate?.startsWith(date!)) {
      return { status: 403, code: 'AccessDenied' };
    }
    const payloadHash = header(req, 'x-amz-content-sha256');
    if (!payloadHash) return { status: 400, code: 'InvalidRequest' };
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
      return { status: 400, code: 'XAmzContentSHA256Mismatch' };
    }
    const expected = sigV4Signature({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(headerNames.map((name) => [name, header(req, name) ?? ''])),
      payloadHash,
      amzDate,
      region: region!,
      secretAccessKey: this.credentials.secretAccessKey,
    });
    const same = timingSafeEqual(Buffer.from(expected), Buffer.from(signature!));
    return same ? undefined : { status: 403, code: 'SignatureDoesNotMatch' };
  }
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
// RFC 3986: encodeURIComponent leaves !'()* alone, SigV4 does not.
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** AWS Signature V4 for S3, as the AWS documentation spells it out (canonical request → string to sign → HMAC chain). */
export function sigV4Signature(request: {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The signed headers by lowercase name. */
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
  region: string;
  secretAccessKey: string;
}): string {
  // S3 encodes each path segment once (other services twice).
  const canonicalPath = request.path
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...request.query]
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const names = Object.keys(request.headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${request.headers[name]!.trim().replace(/\s+/g, ' ')}\n`);
  const canonicalRequest = [
    request.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders.join(''),
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const date = request.amzDate.slice(0, 8);
  const scope = `${date}/${request.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', request.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const dateKey = hmac(`AWS4${request.secretAccessKey}`, date);
  const signingKey = hmac(hmac(hmac(dateKey, request.region), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}
