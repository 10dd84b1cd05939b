/**
 * The `fetchpriority` attribute of an image asked for first. React 18 knows the attribute only in lower
 * case (its camel-case `fetchPriority` came in React 19, and 18 warns about it in development); spread
 * onto an `<img>`: `<img {...fetchPriority(true)} />`.
 */
export function fetchPriority(first: boolean): Record<string, string> {
  return first ? { fetchpriority: 'high' } : {};
}
