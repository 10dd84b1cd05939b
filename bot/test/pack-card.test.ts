import { describe, expect, it } from 'vitest';
import { translatorFor } from '../src/i18n.js';
import { packCaption } from '../src/views/pack-card.js';

const english = { language: 'en' as const, t: translatorFor('en') };
const russian = { language: 'ru' as const, t: translatorFor('ru') };

describe('the pack card', () => {
  const pack = {
    title: 'Tiny Faces',
    price: '1.00',
    maxSupply: 10,
    soldCount: 0,
    creator: { id: 1, name: 'Ann', username: null },
  };

  it('says when a pack is custom emoji or animated, and nothing for a plain sticker pack', () => {
    expect(packCaption(english, { ...pack, kind: 'emoji', animated: true })).toContain('Custom emoji pack · animated');
    expect(packCaption(english, { ...pack, kind: 'emoji', animated: false }).split('\n')[2]).toBe('Custom emoji pack');
    expect(packCaption(english, { ...pack, kind: 'stickers', animated: true })).toContain('Sticker pack · animated');
    const plain = packCaption(english, { ...pack, kind: 'stickers', animated: false });
    expect(plain).not.toMatch(/pack ·|Custom emoji|Sticker pack/);
  });

  it('reads in Russian for a Russian reader, with Russian digits', () => {
    const caption = packCaption(russian, { ...pack, price: '1234.5', maxSupply: 10000, kind: 'emoji', animated: true });
    expect(caption).toBe(
      [
        '<b>Tiny Faces</b>',
        'автор: Ann',
        'Набор эмодзи · анимированный',
        '',
        'Цена: 1\u00a0234,5 TON',
        'Осталось 10\u00a0000 из 10\u00a0000 · лимитированный тираж',
      ].join('\n'),
    );
  });
});
