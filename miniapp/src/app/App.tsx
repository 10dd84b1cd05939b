import { lazy } from 'react';
import { Navigate, Route, Routes } from '../router';
import { HomePage } from '../features/home/HomePage';
import { RequireAuth } from '../features/auth/RequireAuth';
import { Layout } from './layout/Layout';

// Home ships in the entry chunk (it is the first paint); every other screen loads with its route.
const MarketplacePage = lazy(() =>
  import('../features/marketplace/MarketplacePage').then((m) => ({ default: m.MarketplacePage })),
);
const PackDetailPage = lazy(() =>
  import('../features/pack-detail/PackDetailPage').then((m) => ({ default: m.PackDetailPage })),
);
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const CreatePackPage = lazy(() =>
  import('../features/create-pack/CreatePackPage').then((m) => ({ default: m.CreatePackPage })),
);
const ProfilePage = lazy(() => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const CollectionPage = lazy(() =>
  import('../features/collection/CollectionPage').then((m) => ({ default: m.CollectionPage })),
);

const StudioPage = lazy(() => import('../features/studio/StudioPage').then((m) => ({ default: m.StudioPage })));

const EditionPage = lazy(() =>
  import('../features/pack-detail/EditionRoute').then((m) => ({ default: m.EditionRoute })),
);

/** SPEC §2 routes; unknown or empty paths show Home. */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="marketplace" element={<MarketplacePage />} />
        <Route path="sticker" element={<PackDetailPage />} />
        <Route path="edition" element={<EditionPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route
          path="create"
          element={
            <RequireAuth>
              <CreatePackPage />
            </RequireAuth>
          }
        />
        <Route
          path="profile"
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route
          path="collection"
          element={
            <RequireAuth>
              <CollectionPage />
            </RequireAuth>
          }
        />
        <Route
          path="studio"
          element={
            <RequireAuth>
              <StudioPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
