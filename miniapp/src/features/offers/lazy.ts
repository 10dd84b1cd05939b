import { lazy } from 'react';

/**
 * The offers UI loads with the screens that show it, in a chunk of its own: the pack, edition and
 * collection pages fetch it after their own content, and Home never does.
 */
export const LazyOffersSection = lazy(() => import('./OffersSection').then((m) => ({ default: m.OffersSection })));
export const LazyCollectionOffers = lazy(() =>
  import('./CollectionOffers').then((m) => ({ default: m.CollectionOffers })),
);
