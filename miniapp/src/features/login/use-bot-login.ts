import { useCallback, useEffect, useRef, useState } from 'react';
import { API_ERRORS, API_ERRORS_RU, type LoginCodeResponse } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ApiError, errorText } from '../../api/client';
import { openTelegramUrl } from '../../telegram/links';
import { useToast } from '../../toast/ToastProvider';
import { authApi } from '../auth/auth-api';
import { useAuth } from '../auth/AuthProvider';
import { translate } from '../../i18n/translate';
import { loginTexts } from './messages';

const POLL_MS = 2_000;

/** The server says why a code is gone in the caller's language, so a cancellation is known in either. */
const CANCELLED_TEXTS: ReadonlySet<string | null> = new Set([API_ERRORS.loginCancelled, API_ERRORS_RU.loginCancelled]);

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
          throw new ApiError(410, translate(loginTexts, 'login.codeExpired'));
        }
      } catch (error) {
        if (cancelled) return;
        // A network hiccup keeps polling; a 4xx ends the attempt: 410 (cancelled in Telegram, expired, used)
        // is shown on the page, anything else as a toast.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setPending(null);
          if (error.status === 410) {
            const reason = CANCELLED_TEXTS.has(error.serverMessage) ? 'cancelled' : 'expired';
            setEnded({ reason, message: errorText(error, translate(loginTexts, 'login.codeExpired')) });
          } else {
            toast.error(errorText(error, translate(loginTexts, 'login.toast.loginFailed')));
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
      toast.error(errorText(error, translate(loginTexts, 'login.toast.telegramUnavailable')));
    } finally {
      setStarting(false);
    }
  }, [api, toast]);

  return { pending, ended, starting, start, cancel: stop };
}
