import { describe, expect, it } from 'vitest';
import {
  collectionItemMatchesSearch,
  isSoldOut,
  matchesCollectionFilter,
  packMatchesSearch,
  parsePrice,
  parseTags,
  remainingSupply,
  validateCreateForm,
  validateImageFile,
} from '../src/rules/index.js';
import { MESSAGES } from '../src/messages.js';

describe('supply', () => {
  it('remaining is maxSupply minus soldCount, never negative', () => {
    expect(remainingSupply({ maxSupply: 100, soldCount: 7 })).toBe(93);
    expect(remainingSupply({ maxSupply: 5, soldCount: 9 })).toBe(0);
  });

  it('is sold out when soldCount reaches maxSupply', () => {
    expect(isSoldOut({ maxSupply: 10, soldCount: 9 })).toBe(false);
    expect(isSoldOut({ maxSupply: 10, soldCount: 10 })).toBe(true);
  });
});

describe('search (SPEC §5)', () => {
  const pack = { title: 'Space Cats', description: 'Cosmic kittens', creator: { username: 'NovaArt' } };

  it('matches packs on title, description and creator username, case-insensitively', () => {
    expect(packMatchesSearch(pack, 'space')).toBe(true);
    expect(packMatchesSearch(pack, 'KITTENS')).toBe(true);
    expect(packMatchesSearch(pack, 'nova')).toBe(true);
    expect(packMatchesSearch(pack, 'dogs')).toBe(false);
    expect(packMatchesSearch(pack, '  ')).toBe(true);
    expect(packMatchesSearch({ ...pack, creator: { username: null } }, 'nova')).toBe(false);
  });

  it('matches collection items on title, description and tags, not on other fields', () => {
    const item = { title: 'Foodies', description: 'Snacks', tags: ['Pizza', 'burger'], creator: 'Chef' };
    expect(collectionItemMatchesSearch(item, 'pizza')).toBe(true);
    expect(collectionItemMatchesSearch(item, 'SNACK')).toBe(true);
    expect(collectionItemMatchesSearch(item, 'chef')).toBe(false);
  });
});

describe('collection filters (SPEC §4)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const day = 24 * 60 * 60 * 1000;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day).toISOString();

  it('recent means purchased within the last 7 days', () => {
    expect(matchesCollectionFilter({ purchasedAt: at(6.9), isFavorite: false }, 'recent', now)).toBe(true);
    expect(matchesCollectionFilter({ purchasedAt: at(7), isFavorite: false }, 'recent', now)).toBe(true);
    expect(matchesCollectionFilter({ purchasedAt: at(7.1), isFavorite: false }, 'recent', now)).toBe(false);
  });

  it('favorites keeps only favourites; all keeps everything', () => {
    expect(matchesCollectionFilter({ purchasedAt: at(30), isFavorite: true }, 'favorites', now)).toBe(true);
    expect(matchesCollectionFilter({ purchasedAt: at(1), isFavorite: false }, 'favorites', now)).toBe(false);
    expect(matchesCollectionFilter({ purchasedAt: at(300), isFavorite: false }, 'all', now)).toBe(true);
  });
});

describe('create form validation (SPEC §5, in order)', () => {
  const image = { type: 'image/png', size: 1000 };

  it('checks the image first, then the title, then the price', () => {
    expect(validateCreateForm({ image: null, title: '', price: '' })).toBe(MESSAGES.imageRequired);
    expect(validateCreateForm({ image, title: '   ', price: '0' })).toBe(MESSAGES.titleRequired);
    expect(validateCreateForm({ image, title: 'Cats', price: '' })).toBe(MESSAGES.priceInvalid);
    expect(validateCreateForm({ image, title: 'Cats', price: '1.25' })).toBeNull();
  });

  it('accepts prices of at least 0.01 in steps of 0.01 only', () => {
    for (const bad of ['0', '-1', 'abc', '0.001', '0.009', '1.234', '1e2', '10000001']) {
      expect(parsePrice(bad), bad).toBeNull();
    }
    expect(parsePrice('0.01')).toBe(10_000_000n);
    expect(parsePrice('12.5')).toBe(12_500_000_000n);
  });

  it('checks a chosen file is an image of at most 5 MB', () => {
    expect(validateImageFile({ type: 'text/html', size: 10 })).toBe(MESSAGES.imageRequired);
    expect(validateImageFile({ type: 'image/gif', size: 5_242_880 })).toBeNull();
    expect(validateImageFile({ type: 'image/jpeg', size: 5_242_881 })).toBe(MESSAGES.fileTooLarge);
  });

  it('splits comma-separated tags, trimming and dropping empties and repeats', () => {
    expect(parseTags(' cats, space ,,cats, ')).toEqual(['cats', 'space']);
    expect(parseTags('')).toEqual([]);
  });
});
