import { lazy } from 'react';
import { withTexts } from '../../i18n/language';

/** The collection's Gifts tab loads after its own content, in a chunk of its own with its texts. */
export const LazyMyGifts = lazy(() => withTexts(import('./MyGifts')).then((m) => ({ default: m.MyGifts })));
