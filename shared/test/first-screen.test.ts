import { describe, expect, it } from 'vitest';
import { pictureScreenPath, screenPicture, startParamScreen } from '../src/index.js';

describe('the first screen a document opens on', () => {
  it("is a pack's or an edition's page for their start parameters, an order's on its pack", () => {
    expect(startParamScreen('pack_7')).toEqual({ kind: 'pack', id: 7 });
    expect(startParamScreen('edition_12')).toEqual({ kind: 'edition', id: 12 });
    expect(startParamScreen('order_7_0b6f1a9e-3c1d-4a8b-9d0e-2f4a6b8c0d1e')).toEqual({ kind: 'pack', id: 7 });
    expect(startParamScreen('market')).toEqual({ kind: 'market' });
    for (const other of ['login_abcdefghijklmnopqrst', 'pack_0', 'pack_x', 'market_1', '', null, undefined]) {
      expect(startParamScreen(other)).toBeNull();
    }
  });

  it('is read from the API path the app reads it from', () => {
    expect(pictureScreenPath({ kind: 'pack', id: 7 })).toBe('/api/stickers/7');
    expect(pictureScreenPath({ kind: 'edition', id: 12 })).toBe('/api/editions/12');
  });

  it("shows the pack's preview, else its image; an edition its pack's image", () => {
    const pack = { kind: 'pack', id: 7 } as const;
    expect(screenPicture(pack, { title: 'Owls', previewUrl: '/p.webp', imageUrl: '/i.webp' })).toEqual({
      url: '/p.webp',
      alt: 'Owls',
    });
    expect(screenPicture(pack, { title: 'Owls', previewUrl: null, imageUrl: '/i.webp' })).toEqual({
      url: '/i.webp',
      alt: 'Owls',
    });
    expect(screenPicture(pack, { title: 'Owls', previewUrl: null, imageUrl: null })).toBeNull();
    const edition = { kind: 'edition', id: 12 } as const;
    expect(screenPicture(edition, { pack: { title: 'Owls', imageUrl: '/i.webp' } })).toEqual({
      url: '/i.webp',
      alt: 'Owls',
    });
  });

  it('has none for data that is not what it should be', () => {
    for (const data of [null, undefined, 'text', {}, { pack: null }, { title: 7, imageUrl: '/i.webp' }]) {
      expect(screenPicture({ kind: 'pack', id: 1 }, data)).toBeNull();
      expect(screenPicture({ kind: 'edition', id: 1 }, data)).toBeNull();
    }
  });
});
