import { Navigate, Route, Routes } from '../router';
import { HomePage } from '../features/home/HomePage';
import { RequireAuth } from '../features/auth/RequireAuth';
import { Layout } from './layout/Layout';
import {
  CollectionPage,
  CreatePackPage,
  EditionPage,
  GiftClaimPage,
  LoginPage,
  MarketplacePage,
  OpsPage,
  PackDetailPage,
  ProfilePage,
  StudioPage,
} from './screens';

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
        <Route
          path="gift"
          element={
            <RequireAuth>
              <GiftClaimPage />
            </RequireAuth>
          }
        />
        <Route
          path="ops"
          element={
            <RequireAuth>
              <OpsPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
