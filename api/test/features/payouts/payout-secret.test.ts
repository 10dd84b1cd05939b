import { PassThrough } from 'node:stream';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigError,
  SecretWords,
  createLogger,
  createPayoutJob,
  isTonMnemonic,
  loadConfig,
  payoutJobs,
  requestPayout,
  type Config,
} from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { AwaitedTonPayments, createTonIndexer } from '@stickerdrop/core/testing';
import { TON, freshAddress, operatorWords, payoutOf, payoutWorld, type PayoutWorld } from './fixtures.js';

function capture() {
  const stream = Object.assign(new PassThrough(), { isTTY: false });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { log: createLogger('trace', stream), text: () => text };
}

/** Any two neighbouring words, in a sentence or a JSON array, would be the words leaking. */
function leaks(text: string, words: string[]): boolean {
  return words
    .slice(1)
    .some((word, i) => text.includes(`${words[i]} ${word}`) || text.includes(`"${words[i]}","${word}"`));
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('TON_PAYOUT_MNEMONIC in the configuration', () => {
  it('is read and checked at start-up; a bad one stops it with a sentence that names the variable only', async () => {
    const words = await operatorWords();
    const env = { TON_PAYOUT_MNEMONIC: ` ${words.join('  ')} `, TON_INDEXER_URL: 'https://toncenter.com/api/v3' };
    const config = loadConfig({ ...env, PAYOUT_MAX_TON: '2.5' });
    expect(config.payouts.mnemonic?.reveal()).toEqual(words);
    expect(config.payouts.maxNano).toBe(2_500_000_000n);
    expect(config.payouts.dailyMaxNano).toBe(1000n * TON);

    // A changed last word still makes a valid mnemonic once in 256 tries: take a change that does not.
    const typo = ['abandon', 'ability', 'able', 'about']
      .map((word) => [...words.slice(0, 23), word])
      .find((changed) => changed[23] !== words[23] && !isTonMnemonic(changed))!
      .join(' ');
    expect(() => loadConfig({ ...env, TON_PAYOUT_MNEMONIC: typo })).toThrow(
      new ConfigError('Invalid configuration: TON_PAYOUT_MNEMONIC is not a 24-word TON wallet mnemonic'),
    );
    expect(() => loadConfig({ ...env, TON_PAYOUT_MNEMONIC: words.slice(0, 12).join(' ') })).toThrow(
      /TON_PAYOUT_MNEMONIC is not a 24-word/,
    );
    expect(() => loadConfig({ TON_PAYOUT_MNEMONIC: env.TON_PAYOUT_MNEMONIC })).toThrow(
      /TON_PAYOUT_MNEMONIC needs TON_INDEXER_URL/,
    );
    expect(() => loadConfig({ PAYOUT_DAILY_MAX_TON: '1.0000000001' })).toThrow(
      /PAYOUT_DAILY_MAX_TON must be a TON amount/,
    );
    expect(loadConfig({}).payouts.mnemonic).toBeUndefined();
  });

  it('logging, inspecting or serializing the config shows [redacted], never the words', async () => {
    const words = await operatorWords();
    const config = loadConfig({ TON_PAYOUT_MNEMONIC: words.join(' '), TON_INDEXER_URL: 'https://toncenter.com' });
    const out = capture();
    out.log.info({ config }, 'starting');
    out.log.error({ err: new Error(`wallet: ${config.payouts.mnemonic}`) }, 'failed');
    await flush();
    const renderings = [
      out.text(),
      JSON.stringify(config, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
      inspect(config, { depth: 10 }),
      `${config.payouts.mnemonic}`,
    ];
    for (const text of renderings) {
      expect(text).toContain('[redacted]');
      expect(leaks(text, words)).toBe(false);
    }
    expect(leaks(words.join(' '), words)).toBe(true);
  });

  it('no payout job without the words', () => {
    const log = capture().log;
    const payments = {
      rails: [],
      stripe: undefined,
      telegram: undefined,
      tonIndexer: createTonIndexer('http://127.0.0.1:1'),
      tonAwaited: new AwaitedTonPayments(),
    };
    expect(payoutJobs({ config: testConfig(), db: undefined as never, payments, log })).toEqual([]);
  });
});

describe('the payout job', () => {
  let world: PayoutWorld | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await world?.close();
  });

  it('retries with backoff while the TON service is down, then pays once; its log lines carry no words', async () => {
    world = await payoutWorld('pglite');
    const words = await operatorWords();
    const base = testConfig();
    const config: Config = {
      ...base,
      ton: { ...base.ton, indexerUrl: world.chain.baseUrl },
      payouts: { ...base.payouts, mnemonic: new SecretWords(words), maxNano: 10n * TON, dailyMaxNano: 100n * TON },
    };
    const creator = freshAddress();
    await requestPayout(world.db, {
      kind: 'creator_payout',
      pays: 'balance:1:1',
      destination: creator,
      amountNano: 3n * TON,
      comment: 'Stickerdrop payout',
    });
    world.chain.outage(4);
    const out = capture();
    const job = createPayoutJob({
      config,
      db: world.db,
      indexer: createTonIndexer(world.chain.baseUrl),
      now: world.deps.now,
      log: out.log,
      every: 1,
    })!;
    job.start();
    await vi.waitFor(async () => expect((await payoutOf(world!.db, 'balance:1:1')).status).toBe('confirmed'), {
      timeout: 20_000,
      interval: 20,
    });
    await job.stop();
    await flush();
    const failures = out
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; failures?: number })
      .filter((line) => line.msg === 'payouts failed; will retry');
    expect(failures.map((line) => line.failures)).toEqual([1, 2, 3, 4].slice(0, failures.length));
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(await world.balance(creator)).toBe(3n * TON);
    expect(leaks(out.text(), words)).toBe(false);
  });
});
