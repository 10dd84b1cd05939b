import { lazy } from 'react';

/** The collection's Created tab loads when opened, in the studio's chunk: Home never fetches it. */
export const LazyCreatedPacks = lazy(() => import('./CreatedPacks').then((m) => ({ default: m.CreatedPacks })));
