import { useCallback, useEffect, useRef, useState } from 'react';
import { API_ERRORS, MESSAGES, type LoginCodeResponse } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ApiError, errorText } from '../../api/client';
import { openTelegramUrl } from '../../telegram/links';
import { useToast } from '../../toast/ToastProvider';
import { authApi } from './auth-api';
import { useAuth } from './AuthProvider';

const POLL_MS = 2_000;

/** Why a sign-in through the bot ended without signing in: a wrong number in Telegram, or time ran out. */
export interface BotLoginEnded {
  reason: 'cancelled' | 'expired';
  message: string;
}

/**
 * Sign-in on the plain web (PRODUCT.md §6): a one-time code opens the bot, the page shows the number to tap
 * there, the bot asks for it, and this page polls until the code turns into a session (200), or is gone (410:
 * cancelled by a wrong number, or expired), which it then shows.
 */
export function useBotLogin(onSignedIn: () => void) {
  const api = useApi();
  const toast = useToast();
  const { signIn } = useAuth();
  const [pending, setPending] = useState<LoginCodeResponse | null>(null);
  const [ended, setEnded] = useState<BotLoginEnded | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setPending(null);
    setEnded(null);
  }, []);

  useEffect(() => {
    if (!pending) return;
    let cancelled = false;
    const poll = async () => {
      try {
        const session = await authApi.checkLoginCode(api, pending.code);
        if (cancelled) return;
        if (session) {
          setPending(null);
          signIn(session);
          onSignedIn();
          return;
        }
        if (new Date(pending.expiresAt).getTime() <= Date.now()) {
          throw new ApiError(410, API_ERRORS.loginCodeExpired, API_ERRORS.loginCodeExpired);
        }
      } catch (error) {
        if (cancelled) return;
        // A network hiccup keeps polling; a 4xx ends the attempt: 410 (cancelled in Telegram, expired, used)
        // is shown on the page, anything else as a toast.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setPending(null);
          if (error.status === 410) {
            const reason = error.serverMessage === API_ERRORS.loginCancelled ? 'cancelled' : 'expired';
            setEnded({ reason, message: errorText(error, API_ERRORS.loginCodeExpired) });
          } else {
            toast.error(errorText(error, MESSAGES.loginFailedRetry));
          }
          return;
        }
      }
      timer.current = setTimeout(() => void poll(), POLL_MS);
    };
    timer.current = setTimeout(() => void poll(), POLL_MS);
    return () => {
      cancelled = true;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [pending, api, signIn, onSignedIn, toast]);

  const start = useCallback(async () => {
    setStarting(true);
    setEnded(null);
    try {
      const login = await authApi.createLoginCode(api);
      setPending(login);
      openTelegramUrl(login.url);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.telegramUnavailable));
    } finally {
      setStarting(false);
    }
  }, [api, toast]);

  return { pending, ended, starting, start, cancel: stop };
}
