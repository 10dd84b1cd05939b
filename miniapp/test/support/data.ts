import type { CollectionItem, MarketplaceStats, Order, PackCard, PackDetail, User } from '@stickerdrop/shared';

export function packCard(overrides: Partial<PackCard> = {}): PackCard {
  return {
    id: 1,
    title: 'Space Cats',
    description: 'Cats floating in zero gravity',
    category: 'animals',
    tags: ['cats', 'space'],
    price: '1.50',
    imageUrl: '/files/cover-1.webp',
    previewUrl: '/files/preview-1.webp',
    creator: { id: 10, name: 'Alice', username: 'alice' },
    views: 120,
    likes: 7,
    sales: 3,
    maxSupply: 100,
    soldCount: 3,
    isFavorite: false,
    isTrending: true,
    isNew: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    floorPrice: null,
    listedCount: 0,
    dropsAt: null,
    maxPerUser: null,
    kind: 'stickers',
    animated: false,
    ...overrides,
  };
}

export function packDetail(overrides: Partial<PackDetail> = {}): PackDetail {
  const card = packCard(overrides);
  return {
    ...card,
    creator: { ...card.creator, stats: { totalStickers: 4, totalSales: 12 } },
    rating: 4.8,
    owners: 3,
    stickersCount: 5,
    stickers: [
      {
        previewUrl: '/files/previews/s1.webp',
        motionPreviewUrl: null,
        fileUrl: null,
        format: 'static',
        emoji: ['🎨'],
        keywords: [],
      },
    ],
    isOwned: false,
    edition: null,
    downloadUrl: null,
    royaltyBps: 500,
    lastSale: null,
    notifying: false,
    ...overrides,
  };
}

export function collectionItem(overrides: Partial<CollectionItem> = {}): CollectionItem {
  return {
    ...packCard(),
    purchasePrice: '1.50',
    value: '2.00',
    gain: '0.50',
    purchasedAt: new Date().toISOString(),
    edition: 4,
    editionId: 40,
    serial: 4,
    listing: null,
    paidWith: 'ton',
    resellableFrom: null,
    ...overrides,
  };
}

export function user(overrides: Partial<User> = {}): User {
  return {
    id: 42,
    username: 'vlad',
    first_name: 'Vladislav',
    last_name: null,
    photo_url: null,
    isCreator: false,
    walletAddress: null,
    displayName: null,
    bio: null,
    website: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const stats: MarketplaceStats = {
  totalListings: 42,
  uniqueSellers: 7,
  totalVolume: '12500.00',
  totalSales: 1234,
  totalStickers: 42,
  totalCreators: 7,
  avgPrice: '2.35',
};

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    stickerId: 1,
    status: 'reserved',
    paymentMethod: 'ton',
    amount: '1.50',
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
    createdAt: new Date().toISOString(),
    paidAt: null,
    edition: null,
    payment: { kind: 'demo' },
    ...overrides,
  };
}

export const demoConfig = {
  demo: true,
  botUsername: 'stickerdrop_test_bot',
  paymentMethods: ['demo', 'ton', 'stripe'],
};
