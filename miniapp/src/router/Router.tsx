import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { hashHistory, memoryHistory, type History, type Location, type NavigationType } from './history';
import { PreloadRouteContext, type PreloadRoute } from './preload';

interface RouterState {
  history: History;
  location: Location;
  navigationType: NavigationType;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links must be inside a HashRouter or a MemoryRouter');
  return router;
}

interface RouterProps {
  /** Called when a link to a route shows intent (hover, touch, focus), to start loading that route's screen. */
  preload?: PreloadRoute;
  children: ReactNode;
}

const noPreload: PreloadRoute = () => undefined;

function RouterProvider({ history, preload = noPreload, children }: RouterProps & { history: History }) {
  const [state, setState] = useState<RouterState>(() => ({
    history,
    location: history.location(),
    navigationType: 'POP',
  }));
  // A layout effect: it subscribes before any child's effect (a <Navigate>) can move.
  useLayoutEffect(
    () => history.listen((navigationType) => setState({ history, location: history.location(), navigationType })),
    [history],
  );
  return (
    <RouterContext.Provider value={state}>
      <PreloadRouteContext.Provider value={preload}>{children}</PreloadRouteContext.Provider>
    </RouterContext.Provider>
  );
}

/** The app's router: the route lives after the `#`, as in Telegram's mini-app template. */
export function HashRouter(props: RouterProps) {
  const [history] = useState(() => hashHistory());
  return <RouterProvider history={history} {...props} />;
}

/** A router in memory, for component tests. */
export function MemoryRouter({ initialEntry, ...props }: RouterProps & { initialEntry?: string }) {
  const [history] = useState(() => memoryHistory(initialEntry));
  return <RouterProvider history={history} {...props} />;
}

export const useLocation = (): Location => useRouter().location;

export const useNavigationType = (): NavigationType => useRouter().navigationType;

export interface NavigateOptions {
  replace?: boolean;
}

/** An address relative to where the app is: a bare `?query` keeps the current path. */
function resolve(to: string, location: Location): string {
  return to.startsWith('?') ? `${location.pathname}${to}` : to;
}

/** Stable for the router's life: `to` is resolved against where the app is when it is called. */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const { history } = useRouter();
  return useCallback(
    (to: string | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(resolve(to, history.location()));
      else history.push(resolve(to, history.location()));
    },
    [history],
  );
}

export function useHref(to: string): string {
  const { history, location } = useRouter();
  return history.href(resolve(to, location));
}

type SearchInit = URLSearchParams | Record<string, string>;

/** The route's query, and a setter that writes a new one (a new entry, or in place with `replace`). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next);
      const query = value.toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [location.pathname, navigate, params],
  );
  return [params, setParams];
}
