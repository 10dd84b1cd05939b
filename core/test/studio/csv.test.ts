import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/studio/csv.js';

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
});
