import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, User } from '@stickerdrop/shared';
import { useApiContext } from '../../api/ApiProvider';
import type { ApiClient } from '../../api/client';
import { useNavigate } from '../../router';
import { useToast } from '../../toast/ToastProvider';
import { switchLanguage } from '../../i18n/language';
import { translate } from '../../i18n/translate';
import { authApi } from './auth-api';
import { authTexts } from './messages';

export interface SignInOptions {
  /** No toast, and the state changes as a transition: a sign-in nobody asked for (Telegram's automatic one). */
  quiet?: boolean;
}

/**
 * A quiet sign-in re-renders the screen under way (the person's own view of it) as a transition, which
 * React draws in slices that yield to taps, not as one long task while the screen is still settling.
 */
function applyAuthState(options: SignInOptions | undefined, update: () => void): void {
  if (options?.quiet) startTransition(update);
  else update();
}

/**
 * The signed-in user: checked at start-up from a stored access token with /api/auth/me (a failure removes
 * it, SPEC §4), ended wherever a refresh fails, and speaking the account's language once known.
 */
export function useStoredSession() {
  const { api, tokens, onSessionExpired } = useApiContext();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [checking, setChecking] = useState(() => tokens.access() !== null);

  const clearSession = useCallback(() => {
    tokens.clear();
    setUser(null);
    queryClient.clear();
  }, [tokens, queryClient]);

  useEffect(() => {
    if (!tokens.access()) return;
    let cancelled = false;
    authApi
      .me(api)
      .then((me) => !cancelled && setUser(me))
      .catch(() => {
        if (cancelled) return;
        tokens.clearAccess();
        setUser(null);
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

  useEffect(() => onSessionExpired(() => clearSession()), [onSessionExpired, clearSession]);
  return { user, setUser, checking, clearSession };
}

/** Signing in: both tokens and the user stored, SPEC's toast, and a count of sign-ins under way. */
export function useSignIn(setUser: (user: User) => void) {
  const { tokens } = useApiContext();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [signingIn, setSigningIn] = useState(0);

  const signIn = useCallback(
    (auth: AuthResponse, options?: SignInOptions) => {
      tokens.set(auth.tokens);
      applyAuthState(options, () => setUser(auth.user));
      // Anything cached while signed out (likes, ownership) belongs to nobody now.
      void queryClient.invalidateQueries();
      if (!options?.quiet) toast.success(translate(authTexts, 'auth.toast.loggedIn'));
    },
    [tokens, queryClient, toast, setUser],
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
  return { signIn, signInWith, signingIn: signingIn > 0 };
}

/** Logging out: the local session at once, revoked on the server as best effort. */
export function useLogout(clearSession: () => void) {
  const { api, tokens } = useApiContext();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(async () => {
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
}

/**
 * SPEC §4: inside Telegram, when nobody is signed in and nothing is loading, signs in with the raw init
 * data, once per launch; a failure is only logged. True until that sign-in has ended or was not needed:
 * screens for signed-in users wait for it instead of sending to /login.
 */
export function useTelegramAutoLogin(options: {
  telegramInitData: string | null;
  /** The start-up check or another sign-in is under way: this one waits for it. */
  busy: boolean;
  user: User | null;
  signInWith(call: () => Promise<AuthResponse>, options?: SignInOptions): Promise<AuthResponse>;
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
