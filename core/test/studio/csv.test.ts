import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../src/studio/csv.js';

describe('a CSV field from anyone\u2019s text', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1+cmd', `"'-1+cmd"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['  =1+1', `"'  =1+1"`],
    ['\uFF1D1+1', `"'\uFF1D1+1"`],
  ])('neutralises and quotes a formula: %j', (text, field) => {
    expect(csvField(text)).toBe(field);
  });

  it.each([
    ['Cats;=cmd|"/c calc"!A1', `"Cats;=cmd|""/c calc""!A1"`],
    ['Cats\t=1+1', `"Cats\t=1+1"`],
    ['Cats, dogs', `"Cats, dogs"`],
    ['say "hi"', `"say ""hi"""`],
    ['two\nlines', `"two\nlines"`],
  ])('quotes a separator of any locale, a quote or a line break: %j', (text, field) => {
    expect(csvField(text)).toBe(field);
  });

  it('leaves plain text and numbers as they are, a negative amount included', () => {
    expect(csvField('Space Cats')).toBe('Space Cats');
    expect(csvField(-5)).toBe('-5');
    expect(csvField('1.50')).toBe('1.50');
  });

  it('says in its header that dates are ISO 8601 in UTC and amounts have a dot decimal, in every language', () => {
    const row = {
      date: '2026-11-26T10:00:00.000Z',
      type: 'resale',
      pack_id: 3,
      pack_title: 'Space Cats',
      serial: 7,
      sale_price_ton: '1234.5',
      your_amount_ton: '61.725',
      status: 'paid',
    };
    expect(toCsv([row]).split('\r\n')).toEqual([
      'date (ISO 8601 UTC),type,pack_id,pack_title,serial,sale_price_ton (dot decimal),your_amount_ton (dot decimal),status',
      '2026-11-26T10:00:00.000Z,resale,3,Space Cats,7,1234.5,61.725,paid',
      '',
    ]);
  });
});
