import type { StudioPack, StudioResponse } from '@stickerdrop/shared';

export function studioPack(overrides: Partial<StudioPack> = {}): StudioPack {
  return {
    id: 1,
    title: 'Space Cats',
    description: 'Cats floating in zero gravity',
    tags: ['cats', 'space'],
    price: '1.50',
    imageUrl: '/files/cover-1.webp',
    maxSupply: 100,
    views: 120,
    likes: 7,
    royaltyBps: 500,
    dropsAt: null,
    dropStatus: 'on_sale',
    createdAt: '2026-11-20T10:00:00.000Z',
    sold: 3,
    revenue: '4.50',
    resales: 1,
    royaltiesPaid: '0.17',
    royaltiesOwed: '0.00',
    ...overrides,
  };
}

export function studioResponse(overrides: Partial<StudioResponse> = {}): StudioResponse {
  return {
    totals: { sold: 3, revenue: '4.50', resales: 2, royaltiesPaid: '0.17', royaltiesOwed: '0.10' },
    balance: { pending: '0.00', available: '0.00', sending: '0.00', paid: '0.00', payoutMin: '1.00', entries: [] },
    packs: [
      studioPack({
        id: 2,
        title: 'Night Owls',
        dropStatus: 'scheduled',
        dropsAt: '2030-01-02T18:00:00.000Z',
        sold: 0,
        revenue: '0.00',
        resales: 1,
        royaltiesPaid: '0.00',
        royaltiesOwed: '0.10',
      }),
      studioPack(),
    ],
    days: [
      { day: '2026-11-20', sold: 2, revenue: '3.00', royalties: '0.00' },
      { day: '2026-11-22', sold: 1, revenue: '1.50', royalties: '0.27' },
    ],
    ...overrides,
  };
}
