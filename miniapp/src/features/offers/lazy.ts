import { lazy } from 'react';
import { withTexts } from '../../i18n/language';

/**
 * The collection's offers load after its own content, in a chunk of their own. The pack and edition pages
 * import OffersSection statically, so it arrives in the same wave as their route chunk.
 */
export const LazyCollectionOffers = lazy(() =>
  withTexts(import('./CollectionOffers')).then((m) => ({ default: m.CollectionOffers })),
);
