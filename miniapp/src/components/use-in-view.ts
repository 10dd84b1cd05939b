import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the returned element comes within `rootMargin` of the viewport (infinite
 * scroll's sentinel, 400 px ahead by default).
 */
export function useInView<T extends Element>(onVisible: () => void, enabled: boolean, rootMargin = '400px 0px') {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
