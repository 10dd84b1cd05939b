import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../router';
import type { AuthResponse, User } from '@stickerdrop/shared';
import { useApiContext } from '../../api/ApiProvider';
import type { ApiClient } from '../../api/client';
import { useToast } from '../../toast/ToastProvider';
import { switchLanguage } from '../../i18n/language';
import { translate } from '../../i18n/translate';
import { authApi } from './auth-api';
import { authTexts } from './messages';

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

export interface SignInOptions {
  /** No toast, and the state changes as a transition: a sign-in nobody asked for (Telegram's automatic one). */
  quiet?: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * A quiet sign-in re-renders the screen under way (the person's own view of it) as a transition, which
 * React draws in slices that yield to taps, not as one long task while the screen is still settling.
 */
function applyAuthState(options: SignInOptions | undefined, update: () => void): void {
  if (options?.quiet) startTransition(update);
  else update();
}

export interface AuthProviderProps {
  /** Inside Telegram: the raw init data for the automatic sign-in (SPEC §4). */
  telegramInitData?: string | null;
  children: ReactNode;
}

export function AuthProvider({ telegramInitData = null, children }: AuthProviderProps) {
  const { api, tokens, onSessionExpired } = useApiContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [user, setUserState] = useState<User | null>(null);
  const [checking, setChecking] = useState(() => tokens.access() !== null);
  const [signingIn, setSigningIn] = useState(0);

  const clearSession = useCallback(() => {
    tokens.clear();
    setUserState(null);
    queryClient.clear();
  }, [tokens, queryClient]);

  // Start-up: a stored access token is checked with /api/auth/me; a failure removes it (SPEC §4).
  useEffect(() => {
    if (!tokens.access()) return;
    let cancelled = false;
    authApi
      .me(api)
      .then((me) => !cancelled && setUserState(me))
      .catch(() => {
        if (cancelled) return;
        tokens.clearAccess();
        setUserState(null);
      })
      .finally(() => !cancelled && setChecking(false));
    return () => {
      cancelled = true;
    };
  }, [api, tokens]);

  // The account's language wins from the moment it is known, on every device (a choice made elsewhere too).
  const accountLanguage = user?.language ?? null;
  useEffect(() => {
    if (accountLanguage) void switchLanguage(accountLanguage, { remember: true });
  }, [accountLanguage]);

  // A failed refresh ends the session wherever it happens.
  useEffect(() => onSessionExpired(() => clearSession()), [onSessionExpired, clearSession]);

  const signIn = useCallback(
    (auth: AuthResponse, options?: SignInOptions) => {
      tokens.set(auth.tokens);
      applyAuthState(options, () => setUserState(auth.user));
      // Anything cached while signed out (likes, ownership) belongs to nobody now.
      void queryClient.invalidateQueries();
      if (!options?.quiet) toast.success(translate(authTexts, 'auth.toast.loggedIn'));
    },
    [tokens, queryClient, toast],
  );

  const signInWith = useCallback(
    async (call: () => Promise<AuthResponse>, options?: SignInOptions) => {
      applyAuthState(options, () => setSigningIn((count) => count + 1));
      try {
        const auth = await call();
        signIn(auth, options);
        return auth;
      } finally {
        applyAuthState(options, () => setSigningIn((count) => count - 1));
      }
    },
    [signIn],
  );

  const autoLoginPending = useTelegramAutoLogin({
    telegramInitData,
    busy: checking || signingIn > 0,
    user,
    signInWith,
    api,
  });

  const logout = useCallback(async () => {
    // Read before the session is cleared: inside Telegram it may come from the device's secure storage.
    const refreshToken = await tokens.refresh();
    // One transition for both, so a screen for signed-in users never renders "signed out, still here"
    // (which would send it to /login instead of home).
    startTransition(() => {
      clearSession();
      navigate('/');
    });
    toast.success(translate(authTexts, 'auth.toast.loggedOut'));
    // Revoking server-side is best effort: the local session is already gone.
    if (refreshToken) await authApi.logout(api, refreshToken).catch(() => undefined);
  }, [api, tokens, clearSession, toast, navigate]);

  // The flag, not its parts: a sign-in starting while the start-up check runs re-renders no screen.
  const loading = checking || signingIn > 0 || autoLoginPending;
  const value = useMemo<AuthState>(
    () => ({
      user,
      loading,
      signIn,
      signInWith,
      logout,
      setUser: setUserState,
    }),
    [user, loading, signIn, signInWith, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * SPEC §4: inside Telegram, when nobody is signed in and nothing is loading, signs in with the raw init
 * data, once per launch; a failure is only logged. True until that sign-in has ended or was not needed:
 * screens for signed-in users wait for it instead of sending to /login.
 */
function useTelegramAutoLogin(options: {
  telegramInitData: string | null;
  /** The start-up check or another sign-in is under way: this one waits for it. */
  busy: boolean;
  user: User | null;
  signInWith: AuthState['signInWith'];
  api: ApiClient;
}): boolean {
  const { telegramInitData, busy, user, signInWith, api } = options;
  const [pending, setPending] = useState(() => Boolean(telegramInitData));
  const started = useRef(false);
  useEffect(() => {
    if (!pending || started.current || busy) return;
    started.current = true;
    if (user || !telegramInitData) {
      setPending(false);
      return;
    }
    // Its end is a transition too, as the user it brings is: drawn before that user, it would say "done,
    // nobody signed in" for a moment, and a screen for signed-in users would send the person to Login.
    signInWith(() => authApi.telegram(api, telegramInitData), { quiet: true })
      .catch((error: unknown) => console.error('Automatic Telegram sign-in failed', error))
      .finally(() => applyAuthState({ quiet: true }, () => setPending(false)));
  }, [pending, busy, user, telegramInitData, signInWith, api]);
  return pending;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
