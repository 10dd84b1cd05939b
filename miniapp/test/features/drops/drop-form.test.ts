import { describe, expect, it } from 'vitest';
import { DROP_ERRORS } from '@stickerdrop/shared';
import {
  EMPTY_CREATE_FORM,
  createFormData,
  dropsAtIso,
  firstCreateFormError,
} from '../../../src/features/create-pack/create-form';

const png = () => new File([new Uint8Array(1000)], 'a.png', { type: 'image/png' });
const valid = { ...EMPTY_CREATE_FORM, images: [png()], title: 'Cats', price: '1.50', maxSupply: '10' };
/** A datetime-local value (the device's local time) `ms` from now. */
const localIn = (ms: number) => {
  const at = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

describe('create form: fair drop fields', () => {
  it('takes an empty cap and time (no limit, on sale at once)', () => {
    expect(firstCreateFormError(valid)).toBeNull();
    const body = createFormData(valid);
    expect(body.get('maxPerUser')).toBe('');
    expect(body.get('dropsAt')).toBe('');
  });

  it('refuses a cap that is not a whole number from 1 to the edition size', () => {
    for (const maxPerUser of ['0', '11', '1.5', 'x']) {
      expect(firstCreateFormError({ ...valid, maxPerUser }), maxPerUser).toBe(DROP_ERRORS.invalidMaxPerUser);
    }
    expect(firstCreateFormError({ ...valid, maxPerUser: '10' })).toBeNull();
  });

  it('refuses a drop time in the past, and sends a future one as an absolute ISO time', () => {
    expect(firstCreateFormError({ ...valid, dropsAt: localIn(-3_600_000) })).toBe(DROP_ERRORS.invalidDropsAt);
    const local = localIn(2 * 3_600_000);
    expect(firstCreateFormError({ ...valid, dropsAt: local, maxPerUser: '2' })).toBeNull();
    const body = createFormData({ ...valid, dropsAt: local, maxPerUser: '2' });
    expect(body.get('maxPerUser')).toBe('2');
    expect(body.get('dropsAt')).toBe(new Date(local).toISOString());
    expect(dropsAtIso(local)).toMatch(/Z$/);
  });
});
