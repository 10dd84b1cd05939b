import { lazyRoute, parseRoute } from '../router';

// Home ships in the entry chunk (it is the first paint); every other screen loads with its route.
export const MarketplacePage = lazyRoute(() =>
  import('../features/marketplace/MarketplacePage').then((m) => m.MarketplacePage),
);
export const PackDetailPage = lazyRoute(() =>
  import('../features/pack-detail/PackDetailPage').then((m) => m.PackDetailPage),
);
export const EditionPage = lazyRoute(() => import('../features/pack-detail/EditionRoute').then((m) => m.EditionRoute));
export const LoginPage = lazyRoute(() => import('../features/login/LoginPage').then((m) => m.LoginPage));
export const CreatePackPage = lazyRoute(() =>
  import('../features/create-pack/CreatePackPage').then((m) => m.CreatePackPage),
);
export const ProfilePage = lazyRoute(() => import('../features/profile/ProfilePage').then((m) => m.ProfilePage));
export const CollectionPage = lazyRoute(() =>
  import('../features/collection/CollectionPage').then((m) => m.CollectionPage),
);
export const GiftClaimPage = lazyRoute(() => import('../features/gifts/GiftClaimPage').then((m) => m.GiftClaimPage));
export const StudioPage = lazyRoute(() => import('../features/studio/StudioPage').then((m) => m.StudioPage));
export const OpsPage = lazyRoute(() => import('../features/ops/OpsPage').then((m) => m.OpsPage));

/** The lazy screen at each path of App's routes (SPEC §2). */
const screenAt: Record<string, { preload(): Promise<unknown> }> = {
  '/marketplace': MarketplacePage,
  '/sticker': PackDetailPage,
  '/edition': EditionPage,
  '/login': LoginPage,
  '/create': CreatePackPage,
  '/profile': ProfilePage,
  '/collection': CollectionPage,
  '/studio': StudioPage,
  '/gift': GiftClaimPage,
  '/ops': OpsPage,
};

/**
 * Starts loading the screen a route shows, before it renders: main.tsx calls it for the address the app
 * opens on (so the screen's chunks load while Telegram is set up), links call it on intent. Resolves once
 * loaded, or failed: a failed preload is retried by the render, which shows its error.
 */
export function preloadScreen(route: string): Promise<unknown> {
  const screen = screenAt[parseRoute(route).pathname.toLowerCase()];
  return screen ? screen.preload().catch(() => undefined) : Promise.resolve();
}
