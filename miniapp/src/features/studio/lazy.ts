import { lazy } from 'react';
import { withTexts } from '../../i18n/language';

/** The collection's Created tab loads when opened, in the studio's chunk: Home never fetches it. */
export const LazyCreatedPacks = lazy(() =>
  withTexts(import('./CreatedPacks')).then((m) => ({ default: m.CreatedPacks })),
);
