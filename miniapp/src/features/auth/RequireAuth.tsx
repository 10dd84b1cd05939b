import type { ReactNode } from 'react';
import { Navigate } from '../../router';
import { Loading } from '../../components/Loading';
import { useAuth } from './AuthProvider';

/** Screens for signed-in users: a spinner while the session is checked, the login screen without one. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (user) return <>{children}</>;
  if (loading) return <Loading />;
  return <Navigate to="/login" replace />;
}
