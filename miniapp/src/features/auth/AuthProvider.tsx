import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AuthResponse, User } from '@stickerdrop/shared';
import { useApiContext } from '../../api/ApiProvider';
import { useLogout, useSignIn, useStoredSession, useTelegramAutoLogin, type SignInOptions } from './session-hooks';

export interface AuthState {
  user: User | null;
  /** True during the start-up check and during a sign-in (SPEC §4). */
  loading: boolean;
  /** Stores both tokens and the user after any successful sign-in, with SPEC's toast. */
  signIn(auth: AuthResponse, options?: SignInOptions): void;
  /** Runs a sign-in call with the loading flag set; resolves with the session or rejects. */
  signInWith(call: () => Promise<AuthResponse>, options?: SignInOptions): Promise<AuthResponse>;
  logout(): Promise<void>;
  setUser(user: User): void;
}

const AuthContext = createContext<AuthState | null>(null);

export interface AuthProviderProps {
  /** Inside Telegram: the raw init data for the automatic sign-in (SPEC §4). */
  telegramInitData?: string | null;
  children: ReactNode;
}

export function AuthProvider({ telegramInitData = null, children }: AuthProviderProps) {
  const { api } = useApiContext();
  const { user, setUser, checking, clearSession } = useStoredSession();
  const { signIn, signInWith, signingIn } = useSignIn(setUser);
  const logout = useLogout(clearSession);
  const autoLoginPending = useTelegramAutoLogin({
    telegramInitData,
    busy: checking || signingIn,
    user,
    signInWith,
    api,
  });

  // The flag, not its parts: a sign-in starting while the start-up check runs re-renders no screen.
  const loading = checking || signingIn || autoLoginPending;
  const value = useMemo<AuthState>(
    () => ({ user, loading, signIn, signInWith, logout, setUser }),
    [user, loading, signIn, signInWith, logout, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
