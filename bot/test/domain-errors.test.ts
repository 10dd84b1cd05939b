import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, DomainError } from '@stickerdrop/core';
import { chatTextOf } from '../src/views/domain-errors.js';

describe('core refusals in the chat', () => {
  it('says SPEC texts as written', () => {
    expect(chatTextOf(new DomainError('sold_out', 'This sticker pack is sold out'))).toBe(
      'This sticker pack is sold out',
    );
  });

  it('has words for every code', () => {
    for (const code of DOMAIN_ERROR_CODES) expect(chatTextOf(new DomainError(code, 'x'))).toMatch(/\S/);
  });

  it('asks a signed-out user to start again rather than echoing the API text', () => {
    expect(chatTextOf(new DomainError('unauthorized', 'Unauthorized'))).toBe('Please send /start and try again.');
  });

  it('leaves faults to the error handler', () => {
    expect(chatTextOf(new Error('database down'))).toBeNull();
  });
});
