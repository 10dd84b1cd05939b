import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyRoute<P extends object> extends LazyExoticComponent<ComponentType<P>> {
  /** Starts loading the route's chunks (once): on opening it, and on intent (hover, touch, focus of a link). */
  preload(): Promise<unknown>;
}

/**
 * A screen in a chunk of its own, loaded once whether its link is hovered first or it is rendered first.
 * The screen's nested parts are static imports, so the build preloads them with its chunk: one wave.
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): LazyRoute<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(() => preload().then((component) => ({ default: component }))),
    { preload },
  );
}
