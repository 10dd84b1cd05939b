import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '../../router';
import { Button } from '@telegram-apps/telegram-ui';
import { Gem, Package, Palette, Ticket, Zap } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import type { AuthResponse } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { Page } from '../../telegram/Page';
import { useTelegram } from '../../telegram/TelegramProvider';
import { useToast } from '../../toast/ToastProvider';
import { configQueries } from '../config/queries';
import { authApi } from '../auth/auth-api';
import { useAuth } from '../auth/AuthProvider';
import { useBotLogin } from './use-bot-login';
import { RichText, useT, translate } from '../../i18n/translate';
import { loginTexts } from './messages';
import './login.css';

const FEATURES = [
  [Gem, 'login.feature.collect'],
  [Zap, 'login.feature.buy'],
  [Package, 'login.feature.download'],
  [Palette, 'login.feature.create'],
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
  const t = useT(loginTexts);

  if (user) return <Navigate to="/" replace />;

  const signInWithCall = async (call: () => Promise<AuthResponse>) => {
    try {
      await signInWith(call);
      goHome();
    } catch (error) {
      toast.error(errorText(error, translate(loginTexts, 'login.toast.loginFailed')));
    }
  };

  const continueWithTelegram = () => {
    if (!inside) return void botLogin.start();
    if (!rawInitData) return toast.error(translate(loginTexts, 'login.toast.telegramUserUnavailable'));
    void signInWithCall(() => authApi.telegram(api, rawInitData));
  };

  return (
    <Page webBack>
      <section className="login">
        <Icon icon={Ticket} className="login__logo" size={56} />
        <h1>{t('login.title')}</h1>
        <p className="muted">{t('login.intro')}</p>
        <ul className="login__features">
          {FEATURES.map(([icon, text]) => (
            <li key={text}>
              <Icon className="login__feature-icon" icon={icon} size={20} /> {t(text)}
            </li>
          ))}
        </ul>

        {botLogin.pending ? (
          <div className="panel login__waiting" role="status" aria-live="polite">
            <p className="login__match-line">
              <RichText
                text={t('login.tapNumber', { match: String(botLogin.pending.match) })}
                components={{ number: <strong className="login__match" /> }}
              />
            </p>
            <p className="muted">{t('login.waitingHelp', { match: String(botLogin.pending.match) })}</p>
            <a href={botLogin.pending.url} target="_blank" rel="noopener noreferrer">
              {t('login.openAgain')}
            </a>
            <Button mode="plain" size="s" onClick={botLogin.cancel}>
              {t('login.cancel')}
            </Button>
          </div>
        ) : (
          <>
            {botLogin.ended ? (
              <div className="panel login__ended" role="alert">
                <h2>{t(botLogin.ended.reason === 'cancelled' ? 'login.cancelled' : 'login.expired')}</h2>
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
              {t(botLogin.ended ? 'login.startAgain' : 'login.continue')}
            </Button>
          </>
        )}

        {clientConfig.data?.demo ? (
          <div className="login__demo">
            <p className="muted">{t('login.demo')}</p>
            <Button mode="bezeled" stretched onClick={() => void signInWithCall(() => authApi.demo(api, 'collector'))}>
              {t('login.demoCollector')}
            </Button>
            <Button mode="bezeled" stretched onClick={() => void signInWithCall(() => authApi.demo(api, 'creator'))}>
              {t('login.demoCreator')}
            </Button>
          </div>
        ) : null}
      </section>
    </Page>
  );
}
