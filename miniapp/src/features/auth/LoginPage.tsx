import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '../../router';
import { Button } from '@telegram-apps/telegram-ui';
import { Gem, Package, Palette, Ticket, Zap } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { MESSAGES, type AuthResponse } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { Page } from '../../telegram/Page';
import { useTelegram } from '../../telegram/TelegramProvider';
import { useToast } from '../../toast/ToastProvider';
import { configQueries } from '../config/queries';
import { authApi } from './auth-api';
import { useAuth } from './AuthProvider';
import { useBotLogin } from './use-bot-login';
import './login.css';

const FEATURES = [
  [Gem, 'Collect numbered limited editions'],
  [Zap, 'Buy in seconds with TON'],
  [Package, 'Download your packs or add them to Telegram'],
  [Palette, 'Create and sell your own sticker packs'],
] as const;

/** SPEC §2 Login: welcome, feature list, Continue with Telegram; signed-in users are sent home. */
export function LoginPage() {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const { inside, rawInitData } = useTelegram();
  const { user, loading, signInWith } = useAuth();
  const clientConfig = useQuery(configQueries.detail(api));
  const goHome = useCallback(() => navigate('/', { replace: true }), [navigate]);
  const botLogin = useBotLogin(goHome);

  if (user) return <Navigate to="/" replace />;

  const signInWithCall = async (call: () => Promise<AuthResponse>) => {
    try {
      await signInWith(call);
      goHome();
    } catch (error) {
      toast.error(errorText(error, MESSAGES.loginFailedRetry));
    }
  };

  const continueWithTelegram = () => {
    if (!inside) return void botLogin.start();
    if (!rawInitData) return toast.error(MESSAGES.telegramUserUnavailable);
    void signInWithCall(() => authApi.telegram(api, rawInitData));
  };

  return (
    <Page webBack>
      <section className="login">
        <Icon icon={Ticket} className="login__logo" size={56} />
        <h1>Welcome to Stickerdrop</h1>
        <p className="muted">Sign in with your Telegram account to like, buy and collect sticker packs.</p>
        <ul className="login__features">
          {FEATURES.map(([icon, text]) => (
            <li key={text}>
              <Icon className="login__feature-icon" icon={icon} size={20} /> {text}
            </li>
          ))}
        </ul>

        {botLogin.pending ? (
          <div className="panel login__waiting" role="status" aria-live="polite">
            <p className="login__match-line">
              Tap <strong className="login__match">{botLogin.pending.match}</strong> in Telegram
            </p>
            <p className="muted">
              The bot asks which number this page shows. Tap {botLogin.pending.match} there to sign in; any other number
              cancels. This page continues by itself.
            </p>
            <a href={botLogin.pending.url} target="_blank" rel="noopener noreferrer">
              Open Telegram again
            </a>
            <Button mode="plain" size="s" onClick={botLogin.cancel}>
              Cancel
            </Button>
          </div>
        ) : (
          <>
            {botLogin.ended ? (
              <div className="panel login__ended" role="alert">
                <h2>{botLogin.ended.reason === 'cancelled' ? 'Sign-in cancelled' : 'Sign-in expired'}</h2>
                <p>{botLogin.ended.message}</p>
              </div>
            ) : null}
            <Button
              size="l"
              stretched
              loading={loading || botLogin.starting}
              disabled={loading || botLogin.starting}
              onClick={continueWithTelegram}
            >
              {botLogin.ended ? 'Start again with Telegram' : 'Continue with Telegram'}
            </Button>
          </>
        )}

        {clientConfig.data?.demo ? (
          <div className="login__demo">
            <p className="muted">Demo mode: try everything without Telegram or a wallet.</p>
            <Button mode="bezeled" stretched onClick={() => void signInWithCall(() => authApi.demo(api, 'collector'))}>
              Continue as demo collector
            </Button>
            <Button mode="bezeled" stretched onClick={() => void signInWithCall(() => authApi.demo(api, 'creator'))}>
              Continue as demo creator
            </Button>
          </div>
        ) : null}
      </section>
    </Page>
  );
}
