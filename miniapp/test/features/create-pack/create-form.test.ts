import { describe, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES, RESALE_ERRORS } from '@stickerdrop/shared';
import { EMPTY_CREATE_FORM, createFormData, firstCreateFormError } from '../../../src/features/create-pack/create-form';

const png = (size = 1000, type = 'image/png', name = 'a.png') => new File([new Uint8Array(size)], name, { type });
const valid = { ...EMPTY_CREATE_FORM, images: [png()], title: 'Cats', price: '1.50' };

describe('create form validation (SPEC §5, in order)', () => {
  it('asks for the image first, even when everything else is missing too', () => {
    expect(firstCreateFormError(EMPTY_CREATE_FORM)).toBe(MESSAGES.imageRequired);
  });

  it('then a title that is not blank after trimming', () => {
    expect(firstCreateFormError({ ...valid, title: '   ', price: '' })).toBe(MESSAGES.titleRequired);
  });

  it('then a price above 0 with at most 2 decimals', () => {
    for (const price of ['', '0', '0.00', '-1', 'abc', '0.001']) {
      expect(firstCreateFormError({ ...valid, price }), price).toBe(MESSAGES.priceInvalid);
    }
    expect(firstCreateFormError({ ...valid, price: '0.01' })).toBeNull();
  });

  it('rejects a non-image file and a file over 5 MB', () => {
    expect(firstCreateFormError({ ...valid, images: [png(10, 'image/svg+xml', 'x.svg')] })).toBe(
      MESSAGES.imageRequired,
    );
    expect(firstCreateFormError({ ...valid, images: [png(5_242_881)] })).toBe(MESSAGES.fileTooLarge);
    expect(firstCreateFormError({ ...valid, images: [png(5_242_880)] })).toBeNull();
  });

  it('checks the edition size last', () => {
    for (const maxSupply of ['0', '10001', '1.5', '']) {
      expect(firstCreateFormError({ ...valid, maxSupply }), maxSupply).toBe(API_ERRORS.invalidMaxSupply);
    }
  });

  it('then the creator royalty: 0 to 10 %, sent as basis points (default 5 % = 500)', () => {
    for (const royaltyPercent of ['10.5', '-1', 'abc', '', '1.234']) {
      expect(firstCreateFormError({ ...valid, royaltyPercent }), royaltyPercent).toBe(RESALE_ERRORS.invalidRoyalty);
    }
    expect(createFormData(valid).get('royaltyBps')).toBe('500');
    expect(createFormData({ ...valid, royaltyPercent: '2.5' }).get('royaltyBps')).toBe('250');
    expect(createFormData({ ...valid, royaltyPercent: '0' }).get('royaltyBps')).toBe('0');
  });

  it('builds the multipart body with one image part per file', () => {
    const body = createFormData({ ...valid, images: [png(), png(5, 'image/gif', 'b.gif')], tags: 'cats, space' });
    expect(body.get('title')).toBe('Cats');
    expect(body.get('price')).toBe('1.50');
    expect(body.get('category')).toBe('general');
    expect(body.get('tags')).toBe('cats, space');
    expect(body.get('maxSupply')).toBe('100');
    expect(body.getAll('image')).toHaveLength(2);
  });

  it('takes a TGS a browser gives no type, and sends the kind and each sticker’s emoji in file order', () => {
    const tgs = png(2000, '', 'spin.tgs');
    const gif = png(2000, 'image/gif', 'dance.gif');
    const values = { ...valid, images: [gif, tgs], stickerEmoji: ['🎉 🥳', '🔥'], kind: 'emoji' as const };
    expect(firstCreateFormError(values)).toBeNull();
    const body = createFormData(values);
    expect(body.get('kind')).toBe('emoji');
    expect(JSON.parse(String(body.get('emoji')))).toEqual([['🎉', '🥳'], ['🔥']]);
    expect(firstCreateFormError({ ...values, stickerEmoji: ['🎉', 'fire'] })).toBe(API_ERRORS.stickerEmojiInvalid);
    expect(firstCreateFormError({ ...values, stickerEmoji: ['🎉', ''] })).toBe(API_ERRORS.stickerEmojiInvalid);
    expect(firstCreateFormError({ ...values, images: [png(10, 'text/plain', 'notes.txt')] })).toBe(
      MESSAGES.imageRequired,
    );
  });
});
