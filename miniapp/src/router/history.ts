/**
 * Where the app is: the route after the `#` of the address (`#/sticker?id=7`), as the Telegram template's
 * HashRouter keeps it. Each entry the app makes carries `{ key, idx }` in history.state: the key tells
 * entries apart (scroll positions), idx says whether there is an entry of ours to go back to.
 */
export interface Location {
  pathname: string;
  search: string;
  hash: '';
  /** "default" for an entry the app did not make (the first page, an address opened from outside). */
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface History {
  location(): Location;
  push(to: string): void;
  replace(to: string): void;
  go(delta: number): void;
  /** What an anchor's href says for a route. */
  href(to: string): string;
  /** Calls back after every change (with its type); returns the unsubscribe. */
  listen(listener: (type: NavigationType) => void): () => void;
}

interface EntryState {
  key: string;
  idx: number;
}

/** `/sticker?id=7` → its pathname and search; a route that does not start with a slash gets one. */
export function parseRoute(route: string): { pathname: string; search: string } {
  const at = route.indexOf('?');
  const path = at < 0 ? route : route.slice(0, at);
  return { pathname: path.startsWith('/') ? path : `/${path}`, search: at < 0 ? '' : route.slice(at) };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The browser's history, with the route in the address's hash. */
export function hashHistory(win: Window = window): History {
  const listeners = new Set<(type: NavigationType) => void>();
  const state = () => win.history.state as Partial<EntryState> | null;
  const notify = (type: NavigationType) => listeners.forEach((listener) => listener(type));
  const write = (to: string, replace: boolean) => {
    const idx = (state()?.idx ?? 0) + (replace ? 0 : 1);
    const entry: EntryState = { key: newKey(), idx };
    const url = `${win.location.pathname}${win.location.search}#${to}`;
    if (replace) win.history.replaceState(entry, '', url);
    else win.history.pushState(entry, '', url);
    notify(replace ? 'REPLACE' : 'PUSH');
  };
  // The first entry gets its index, so "back" knows it is the first.
  if (typeof state()?.idx !== 'number') win.history.replaceState({ ...state(), idx: 0 }, '');
  return {
    location() {
      return { ...parseRoute(win.location.hash.slice(1) || '/'), hash: '', key: state()?.key ?? 'default' };
    },
    push: (to) => write(to, false),
    replace: (to) => write(to, true),
    go: (delta) => win.history.go(delta),
    href: (to) => `#${to}`,
    listen(listener) {
      listeners.add(listener);
      const onPop = () => listener('POP');
      win.addEventListener('popstate', onPop);
      return () => {
        listeners.delete(listener);
        win.removeEventListener('popstate', onPop);
      };
    },
  };
}

/** History held in memory (component tests): starts at `initial`. */
export function memoryHistory(initial = '/'): History {
  const entries: Location[] = [{ ...parseRoute(initial), hash: '', key: 'default' }];
  let index = 0;
  const listeners = new Set<(type: NavigationType) => void>();
  const notify = (type: NavigationType) => listeners.forEach((listener) => listener(type));
  return {
    location: () => entries[index]!,
    push(to) {
      entries.splice(index + 1, entries.length, { ...parseRoute(to), hash: '', key: newKey() });
      index += 1;
      notify('PUSH');
    },
    replace(to) {
      entries[index] = { ...parseRoute(to), hash: '', key: newKey() };
      notify('REPLACE');
    },
    go(delta) {
      index = Math.min(entries.length - 1, Math.max(0, index + delta));
      notify('POP');
    },
    href: (to) => to,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
