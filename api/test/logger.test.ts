import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@stickerdrop/core';

function output(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('createLogger', () => {
  it('writes one JSON object per line when stdout is not a terminal', async () => {
    const out = output(false);
    createLogger('info', out.stream).info({ orderId: 7 }, 'order paid');
    await flush();
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, orderId: 7, msg: 'order paid' });
  });

  it('writes readable lines (pino-pretty) when stdout is a terminal', async () => {
    const out = output(true);
    createLogger('info', out.stream).info({ orderId: 7 }, 'order paid');
    await flush();
    const text = stripVTControlCharacters(out.text());
    expect(text).toMatch(/INFO.*order paid/);
    expect(text).toContain('orderId: 7');
    expect(text).not.toContain('{"level"');
  });

  it('keeps running when the reader of stdout went away (EPIPE)', () => {
    const out = output(false);
    const log = createLogger('info', out.stream);
    const broken = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(() => out.stream.emit('error', broken)).not.toThrow();
    expect(() => log.info('still fine')).not.toThrow();
  });
});
