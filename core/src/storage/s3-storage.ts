import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { contentTypeOfKey, isValidKey, type FileStorage } from './storage.js';

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…), addressed path-style: `<endpoint>/<bucket>/<key>`. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3StorageOptions {
  /** Attempts after a 5xx or 429 answer, with jittered exponential backoff from 50 ms. */
  retries?: number;
  /** Per call, retries included. */
  timeoutMs?: number;
}

/** Requests are signed with AWS Signature V4 by aws4fetch. */
export function s3Storage(settings: S3Settings, options: S3StorageOptions = {}): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    // Named explicitly: aws4fetch can only guess them from AWS and R2 host names, not from a MinIO address.
    service: 's3',
    region: settings.region,
    // aws4fetch's default of 10 retries can hold an upload for most of a minute; a user is waiting.
    retries: options.retries ?? 2,
  });
  const bucketUrl = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Keys are server-chosen and checked by isValidKey ([a-z0-9/_-.]), so they need no escaping.
  const objectUrl = (key: string) => `${bucketUrl}/${key}`;

  return {
    async put(key, bytes, contentType) {
      if (!isValidKey(key)) throw new Error(`Invalid storage key ${key}`);
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: {
          'Content-Type': contentType,
          // A signed payload hash instead of aws4fetch's UNSIGNED-PAYLOAD: the service refuses a corrupted body.
          'X-Amz-Content-Sha256': createHash('sha256').update(bytes).digest('hex'),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw await s3Error('PUT', key, response);
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      const response = await client.fetch(objectUrl(key), { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) {
        const error = await s3Error('GET', key, response);
        // A missing bucket is a configuration fault, not a missing file.
        if (response.status === 404 && error.code !== 'NoSuchBucket') return null;
        throw error;
      }
      return {
        bytes: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? contentTypeOfKey(key),
      };
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      const response = await client.fetch(objectUrl(key), { method: 'DELETE', signal: AbortSignal.timeout(timeoutMs) });
      // S3 answers 204 whether or not the object was there.
      if (!response.ok && response.status !== 404) throw await s3Error('DELETE', key, response);
    },
  };
}

/** S3 explains a failure in an XML body (`<Code>SignatureDoesNotMatch</Code>`); the code is what an operator needs. */
async function s3Error(method: string, key: string, response: Response): Promise<Error & { code?: string }> {
  const body = await response.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  return Object.assign(new Error(`S3 ${method} ${key} failed: ${response.status}${code ? ` ${code}` : ''}`), { code });
}
