import { createRequire } from 'node:module';
import type * as TonCore from '@ton/core';

const require = createRequire(import.meta.url);
let loaded: typeof TonCore | undefined;

/**
 * @ton/core, loaded on first use: a start without TON payments never parses an address, and the library
 * took about 70 ms of every start. It is CommonJS, so a synchronous require is the same module.
 */
export function tonCore(): typeof TonCore {
  return (loaded ??= require('@ton/core') as typeof TonCore);
}
