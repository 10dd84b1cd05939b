import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * Runs autocannon against one URL in its own process, so the load generator does not share the
 * server's event loop. Only loopback URLs are accepted.
 */
export function runLoad(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`The bench only loads 127.0.0.1, not ${url}`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        autocannonBin,
        ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
        ...['-c', String(options.connections), '-d', String(options.seconds), '-j', '-n', url],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      const result = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}
