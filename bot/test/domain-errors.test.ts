import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, DomainError } from '@stickerdrop/core';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { translatorFor, type Reader } from '../src/i18n.js';
import { chatTextOf } from '../src/views/domain-errors.js';

const english: Reader = { language: 'en', t: translatorFor('en') };
const russian: Reader = { language: 'ru', t: translatorFor('ru') };

describe('core refusals in the chat', () => {
  it('says SPEC texts as written to an English reader', () => {
    expect(chatTextOf(new DomainError('sold_out', API_ERRORS.soldOut), english)).toBe('This sticker pack is sold out');
  });

  it('says them in Russian to a Russian reader, SPEC’s own MESSAGES too', () => {
    expect(chatTextOf(new DomainError('sold_out', API_ERRORS.soldOut), russian)).toBe(
      'Весь тираж этого стикерпака распродан',
    );
    expect(chatTextOf(new DomainError('file_too_large', MESSAGES.fileTooLarge), russian)).toBe(
      'Файл должен быть меньше 5 МБ',
    );
    expect(chatTextOf(new DomainError('not_found', MESSAGES.packNotFound), russian)).toBe('Стикерпак не найден');
  });

  it('has words for every code in both languages', () => {
    for (const code of DOMAIN_ERROR_CODES) {
      expect(chatTextOf(new DomainError(code, 'x'), english)).toMatch(/\S/);
      expect(chatTextOf(new DomainError(code, 'x'), russian)).toMatch(/\S/);
    }
  });

  it('asks a signed-out user to start again rather than echoing the API text', () => {
    expect(chatTextOf(new DomainError('unauthorized', 'Unauthorized'), english)).toBe(
      'Please send /start and try again.',
    );
    expect(chatTextOf(new DomainError('unauthorized', 'Unauthorized'), russian)).toBe(
      'Отправьте /start и попробуйте ещё раз.',
    );
  });

  it('leaves faults to the error handler', () => {
    expect(chatTextOf(new Error('database down'), english)).toBeNull();
  });
});
