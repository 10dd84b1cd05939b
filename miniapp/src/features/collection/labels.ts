import type { Translate } from '../../i18n/translate';
import type { collectionTexts } from './messages';

export type CollectionKey = NonNullable<(typeof collectionTexts)['keys']>;

/** A ToggleGroup's labels in the active language, from each value's key. */
export function labelsIn<T extends string>(
  keys: Record<T, CollectionKey>,
  t: Translate<CollectionKey>,
): Record<T, string> {
  return Object.fromEntries(Object.entries<CollectionKey>(keys).map(([value, key]) => [value, t(key)])) as Record<
    T,
    string
  >;
}
