import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withTexts } from '../i18n/language';

export interface LazyRoute<P extends object> extends LazyExoticComponent<ComponentType<P>> {
  /** Starts loading the route's chunks (once): on opening it, and on intent (hover, touch, focus of a link). */
  preload(): Promise<unknown>;
}

/**
 * A screen in a chunk of its own, loaded once whether its link is hovered first or it is rendered first.
 * The screen's nested parts are static imports, so the build preloads them with its chunk: one wave; the
 * active language's texts of the folders it brought load right after, before it renders.
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): LazyRoute<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    (loading ??= withTexts(load()).then((component) => {
      loaded = component;
      return component;
    }));
  return Object.assign(
    lazy(() =>
      loaded
        ? // A screen already loaded renders at once: React.lazy takes a thenable that resolves synchronously
          // as ready, where a resolved promise still suspends it for a tick and shows the Suspense fallback
          // (a spinner in place of the first screen the document drew, when main.tsx waited for the chunk).
          (resolvedThenable({ default: loaded }) as Promise<{ default: ComponentType<P> }>)
        : preload().then((component) => ({ default: component })),
    ),
    { preload },
  );
}

/** Calls back at once, where a promise would call back a tick later (all React.lazy needs of it). */
function resolvedThenable<T>(value: T): unknown {
  return { then: (onFulfilled: (value: T) => unknown) => void onFulfilled(value) };
}
