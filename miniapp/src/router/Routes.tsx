import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from './Router';

export interface RouteProps {
  /** One segment, as the app's routes are (`marketplace`), or `*` for anything else. */
  path?: string;
  index?: boolean;
  element: ReactNode;
  /** Routes shown inside this one's element, where it puts an <Outlet />. */
  children?: ReactNode;
}

/** Declares a route; <Routes> reads these and renders the one that matches. */
export function Route(_props: RouteProps): null {
  return null;
}

const OutletContext = createContext<ReactNode>(null);

/** Where a layout route shows the route matched inside it. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

const routesOf = (children: ReactNode) =>
  Children.toArray(children).filter((child): child is ReactElement<RouteProps> => isValidElement(child));

/** The matching routes from the outermost to the innermost, or null when none matches. */
function match(routes: ReactElement<RouteProps>[], segment: string): ReactElement<RouteProps>[] | null {
  const exact = routes.find(({ props }) =>
    segment === '' ? props.index : props.path !== undefined && props.path.toLowerCase() === segment.toLowerCase(),
  );
  if (exact) return [exact];
  for (const layout of routes.filter(({ props }) => props.path === undefined && !props.index)) {
    const inner = match(routesOf(layout.props.children), segment);
    if (inner) return [layout, ...inner];
  }
  const fallback = routes.find(({ props }) => props.path === '*');
  return fallback ? [fallback] : null;
}

/** Renders the route that matches the path (one segment deep, inside layout routes). */
export function Routes({ children }: { children: ReactNode }) {
  const segment = useLocation().pathname.replace(/^\/+|\/+$/g, '');
  const matched = match(routesOf(children), segment) ?? [];
  return matched.reduceRight<ReactNode>(
    (inner, route) => <OutletContext.Provider value={inner}>{route.props.element}</OutletContext.Provider>,
    null,
  );
}

/** Goes to `to` as soon as it renders. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }): null {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
