import { useState } from 'react';
import { useInView } from './use-in-view';

/**
 * Whether the returned element has come within a screen's height (or width) of the viewport; once it has,
 * it stays near. Chrome's own lazy loading starts every picture within 1,250 px and more, which on a phone is
 * the whole first page of the marketplace: twenty pictures sharing the line with the one on screen (issue
 * 22, the marketplace's LCP on a slow phone). Without IntersectionObserver everything counts as near.
 */
export function useNearScreen<T extends Element>(watch: boolean) {
  const [near, setNear] = useState(() => !watch || typeof IntersectionObserver === 'undefined');
  const ref = useInView<T>(() => setNear(true), !near, '100%');
  return { ref, near };
}
