import { createContext, useContext } from 'react';

/** Starts loading the chunks of the route at a path (`/sticker`); a no-op where there is none. */
export type PreloadRoute = (pathname: string) => void;

export const PreloadRouteContext = createContext<PreloadRoute>(() => undefined);

export const usePreloadRoute = (): PreloadRoute => useContext(PreloadRouteContext);
