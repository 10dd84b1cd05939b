import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '../../router';

/** Where each history entry was left, by the router's entry key (kept for the page's life). */
const positions = new Map<string, number>();

/**
 * The router's key of a history entry. Entries it did not make (the first page, an address typed or
 * linked from outside) all share the key "default": those are told apart by their address.
 */
function entryKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

/**
 * A new route opens at the top; Back (and Forward) returns to where the person left that entry. The
 * app's hash router (src/router) keeps no positions of its own. A replace on the
 * same path (the marketplace's search and sort live in the URL) keeps the position.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef(location.pathname);
  // The entry scroll events belong to: switched in the layout effect, before this render's own scrollTo.
  const currentKey = useRef(entryKey(location));

  useEffect(() => {
    // The browser's own restoration would fight ours (it runs before the route's content exists).
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const save = () => positions.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    const samePath = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    currentKey.current = entryKey(location);
    if (navigationType === 'REPLACE' && samePath) {
      positions.set(currentKey.current, window.scrollY);
      return;
    }
    const target = navigationType === 'POP' ? (positions.get(currentKey.current) ?? 0) : 0;
    window.scrollTo(0, target);
    if (target === 0 || typeof ResizeObserver === 'undefined') return;
    // The route's chunk and data may arrive after this render: follow the page as it grows, until the
    // position can be reached or the person scrolls or touches the page themselves.
    const reach = () => {
      if (document.documentElement.scrollHeight - window.innerHeight < target) return false;
      window.scrollTo(0, target);
      return true;
    };
    const observer = new ResizeObserver(() => {
      if (reach()) stop();
    });
    const stop = () => {
      observer.disconnect();
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
    };
    observer.observe(document.body);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const)
      window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [location, navigationType]);
}
