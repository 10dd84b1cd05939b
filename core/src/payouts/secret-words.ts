import { createHmac, pbkdf2Sync } from 'node:crypto';
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import type * as TonCrypto from '@ton/crypto';

const REDACTED = '[redacted]';

/**
 * The payout wallet's mnemonic. The words live in a private field, so logging the config (pino's JSON,
 * `util.inspect`, string templates, an error's message) shows `[redacted]`; only the wallet reads them.
 */
export class SecretWords {
  readonly #words: readonly string[];

  constructor(words: readonly string[]) {
    this.#words = [...words];
  }

  /** The words, for deriving the key and nothing else. */
  reveal(): string[] {
    return [...this.#words];
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return `SecretWords(${REDACTED})`;
  }
}

export function mnemonicWords(value: string): string[] {
  return value.trim().toLowerCase().split(/\s+/);
}

/**
 * Whether the words are a TON wallet mnemonic without a password: 24 words of the list, whose entropy is a
 * "basic seed" (the check tonlib and @ton/crypto's mnemonicValidate make), done synchronously so a typo
 * stops start-up. The words never appear in what this returns or throws.
 */
export function isTonMnemonic(words: readonly string[]): boolean {
  if (words.length !== 24) return false;
  const list = new Set(tonWordList());
  if (!words.every((word) => list.has(word))) return false;
  const entropy = createHmac('sha512', words.join(' ')).update('').digest();
  return pbkdf2Sync(entropy, 'TON seed version', Math.floor(100_000 / 256), 64, 'sha512')[0] === 0;
}

function tonWordList(): readonly string[] {
  // Loaded only when a mnemonic is configured: a start without payouts never reads the list.
  const crypto = createRequire(import.meta.url)('@ton/crypto') as typeof TonCrypto;
  return crypto.mnemonicWordList;
}
