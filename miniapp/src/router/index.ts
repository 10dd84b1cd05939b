/**
 * The app's hash router: the eleven pieces of react-router-dom's API it used (HashRouter, Routes, Route,
 * Outlet, Navigate, Link, NavLink and five hooks), with the same names and meaning for one-segment routes.
 * react-router-dom cost Home about 12 kB of gzip on every first load; this is under 2.
 */
export {
  HashRouter,
  MemoryRouter,
  useHref,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from './Router';
export { Navigate, Outlet, Route, Routes } from './Routes';
export { Link, NavLink } from './links';
export { parseRoute, type Location, type NavigationType } from './history';
export { lazyRoute, type LazyRoute } from './lazy-route';
export type { PreloadRoute } from './preload';
