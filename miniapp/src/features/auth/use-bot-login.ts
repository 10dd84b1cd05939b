import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES, type LoginCodeResponse } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ApiError, errorText } from '../../api/client';
import { openTelegramUrl } from '../../telegram/links';
import { useToast } from '../../toast/ToastProvider';
import { authApi } from './auth-api';
import { useAuth } from './AuthProvider';

const POLL_MS = 2_000;

/**
 * Sign-in on the plain web (PRODUCT.md §6): a one-time code opens the bot, the bot confirms, and this
 * page polls until the code turns into a session (200), or is gone (410).
 */
export function useBotLogin(onSignedIn: () => void) {
  const api = useApi();
  const toast = useToast();
  const { signIn } = useAuth();
  const [pending, setPending] = useState<LoginCodeResponse | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setPending(null);
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
        if (new Date(pending.expiresAt).getTime() <= Date.now()) throw new ApiError(410, MESSAGES.loginFailedRetry);
      } catch (error) {
        if (cancelled) return;
        // A network hiccup keeps polling; a 4xx (410: expired or used) ends the attempt.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setPending(null);
          toast.error(errorText(error, MESSAGES.loginFailedRetry));
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

  return { pending, starting, start, cancel: stop };
}
