import { DomainError } from '@stickerdrop/core';
import { errorTextIn } from '@stickerdrop/shared';
import type { Reader } from '../i18n.js';

/**
 * The bot's side of core's refusals, in the reader's language. Core refuses with the shared catalogues'
 * English texts (SPEC's own), which the API translates the same way; only "sign in again" needs other words
 * in a chat, where sending /start is how one signs in.
 */
export function chatTextOf(error: unknown, reader: Reader): string | null {
  if (!(error instanceof DomainError)) return null;
  if (error.code === 'unauthorized') return reader.t('send-start-again');
  return errorTextIn(reader.language, error.message);
}
