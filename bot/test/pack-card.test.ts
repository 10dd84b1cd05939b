import { describe, expect, it } from 'vitest';
import { packCaption } from '../src/views/pack-card.js';

describe('the pack card', () => {
  const pack = {
    title: 'Tiny Faces',
    price: '1.00',
    maxSupply: 10,
    soldCount: 0,
    creator: { id: 1, name: 'Ann', username: null },
  };

  it('says when a pack is custom emoji or animated, and nothing for a plain sticker pack', () => {
    expect(packCaption({ ...pack, kind: 'emoji', animated: true })).toContain('Custom emoji pack · animated');
    expect(packCaption({ ...pack, kind: 'emoji', animated: false }).split('\n')[2]).toBe('Custom emoji pack');
    expect(packCaption({ ...pack, kind: 'stickers', animated: true })).toContain('Sticker pack · animated');
    const plain = packCaption({ ...pack, kind: 'stickers', animated: false });
    expect(plain).not.toMatch(/pack ·|Custom emoji|Sticker pack/);
  });
});
