import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '@stickerdrop/core/testing';
import { buildTestApp, type TestApp } from '../helpers.js';

/**
 * What a raw socket reads until the server closes it, while it trickles a body one byte at a time. It stops
 * trickling once the answer arrives, as a client would. A byte already on its way when the server closes
 * makes the server's kernel reset rather than end the connection; once the answer is in, that reset is the
 * same closing seen late, not a failure.
 */
async function trickleUntilClosed(port: number, gapMs: number): Promise<{ received: string; bytesSent: number }> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let bytesSent = 0;
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    clearInterval(timer);
  });
  return new Promise((resolve, reject) => {
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const resetAfterAnswer = received !== '' && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      if (!resetAfterAnswer) reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ received, bytesSent });
    });
    socket.on('connect', () => {
      socket.write(
        'POST /api/users/profile HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      );
      timer = setInterval(() => {
        if (socket.writable) {
          socket.write('{');
          bytesSent++;
        }
      }, gapMs);
    });
  });
}

describe('HTTP timeouts', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('closes a connection whose body trickles in slower than the request timeout, with a 408', async () => {
    t = await buildTestApp({
      config: { http: { ...testConfig().http, requestTimeoutMs: 1_000, headersTimeoutMs: 1_000 } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    // The body never completes: only the server can end this.
    const { received, bytesSent } = await trickleUntilClosed(port, 100);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(bytesSent).toBeGreaterThan(0);
  }, 30_000);

  it('takes its timeouts from the config: request, headers and keep-alive', async () => {
    const http = { ...testConfig().http, requestTimeoutMs: 7_000, headersTimeoutMs: 3_000, keepAliveTimeoutMs: 2_000 };
    t = await buildTestApp({ config: { http } });
    expect(t.app.server.requestTimeout).toBe(7_000);
    expect(t.app.server.headersTimeout).toBe(3_000);
    expect(t.app.server.keepAliveTimeout).toBe(2_000);
  });
});
