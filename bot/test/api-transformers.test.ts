import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { installApiTransformers, waitOutRetryAfter } from '../src/runtime/api-transformers.js';
import { startFakeBotApi, type FakeBotApi } from '../../api/test/fakes/bot-api.js';
import { TOKEN } from './support/harness.js';

type Answer = { ok: true; result: true } | { ok: false; error_code: number; description: string; parameters?: object };
const ok: Answer = { ok: true, result: true };
const tooMany = (seconds: number): Answer => ({
  ok: false,
  error_code: 429,
  description: `Too Many Requests: retry after ${seconds}`,
  parameters: { retry_after: seconds },
});

/** Runs one sendMessage through the transformer against scripted answers; records the calls, waits and 429s. */
async function send(answers: Answer[], signal?: AbortSignal, realSleep = false) {
  const waits: number[] = [];
  const told: Array<[number, number | undefined]> = [];
  let calls = 0;
  const transformer = waitOutRetryAfter({
    onRetryAfter: (seconds, chatId) => told.push([seconds, chatId]),
    ...(!realSleep && { sleep: async (ms: number) => void waits.push(ms) }),
  });
  const prev = (() => Promise.resolve(answers[Math.min(calls++, answers.length - 1)])) as never;
  const result = await transformer(prev, 'sendMessage', { chat_id: 42, text: 'hi' } as never, signal as never);
  return { result, calls, waits, told };
}

describe('the client waits out 429s', () => {
  it('waits each retry_after, tells the senders, and sends again', async () => {
    const { result, calls, waits, told } = await send([tooMany(2), tooMany(2), ok]);
    expect(result).toEqual(ok);
    expect(calls).toBe(3);
    expect(waits).toEqual([2_000, 2_000]);
    expect(told).toEqual([
      [2, 42],
      [2, 42],
    ]);
  });

  it('gives a retry_after over a minute back at once, still telling the senders', async () => {
    const { result, calls, waits, told } = await send([tooMany(120), ok]);
    expect(result).toEqual(tooMany(120));
    expect([calls, waits]).toEqual([1, []]);
    expect(told).toEqual([[120, 42]]);
  });

  it('tries at most three more times', async () => {
    const { result, calls, waits } = await send([tooMany(1)]);
    expect(result).toEqual(tooMany(1));
    expect(calls).toBe(4);
    expect(waits).toEqual([1_000, 1_000, 1_000]);
  });

  it('stops waiting when the call is aborted (a stopping bot)', async () => {
    const abort = new AbortController();
    const sent = send([tooMany(30), ok], abort.signal, true);
    // Once the 429 is in and its 30 s wait has begun.
    await new Promise((resolve) => setImmediate(resolve));
    abort.abort();
    await expect(sent).rejects.toThrow('aborted');
  });

  it('leaves no other error alone', async () => {
    const forbidden: Answer = { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' };
    const { result, calls, waits, told } = await send([forbidden, ok]);
    expect(result).toEqual(forbidden);
    expect([calls, waits, told]).toEqual([1, [], []]);
  });
});

describe('installApiTransformers', () => {
  let fake: FakeBotApi;
  beforeEach(async () => {
    fake = await startFakeBotApi();
  });
  afterEach(() => fake.close());

  it('waits out a 429 with its own sleep: auto-retry underneath waits none itself', async () => {
    fake.tooManyRequests('sendMessage', 1, 2);
    const waits: number[] = [];
    const api = new Api(TOKEN, { apiRoot: fake.apiRoot });
    installApiTransformers(api, { sleep: async (ms) => void waits.push(ms) });
    await api.sendMessage(42, 'hi');
    expect(waits).toEqual([1_000, 1_000]);
    expect(fake.callsTo('sendMessage').map((call) => call.status)).toEqual([429, 429, 200]);
  });
});
