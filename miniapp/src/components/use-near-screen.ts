import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within a screen's height (or width) of the viewport; once it has, it stays
 * near. Chrome's own lazy loading starts every picture within 1,250 px and more, which on a phone is the
 * whole first page of the marketplace: twenty pictures sharing the line with the one on screen (issue 22,
 * the marketplace's LCP on a slow phone). Without IntersectionObserver everything counts as near.
 */
export function useNearScreen(ref: RefObject<Element | null>, watch: boolean): boolean {
  const [near, setNear] = useState(() => !watch || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: '100%' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
