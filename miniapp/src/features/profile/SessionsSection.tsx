import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import type { SignedInSession } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { Loading } from '../../components/Loading';
import { RelativeTime } from '../../components/RelativeTime';
import { useFormat } from '../../i18n/format';
import { RichText, translate, useT } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { authApi } from '../auth/auth-api';
import { useAuth } from '../auth/AuthProvider';
import { profileTexts } from './messages';
import { sessionQueries } from './queries';

/** How a session signed in, as the bot's /sessions names it too. */
const VIA_LABELS = {
  telegram: 'profile.sessions.via.telegram',
  bot: 'profile.sessions.via.bot',
  demo: 'profile.sessions.via.demo',
  unknown: 'profile.sessions.via.unknown',
} as const satisfies Record<NonNullable<SignedInSession['via']> | 'unknown', string>;

/**
 * Where the user is signed in: one row per session (the mini-app in Telegram, a browser signed in through
 * the bot, …), each with Sign out. Signing out another session ends its refresh; this one's is the Logout.
 */
export function SessionsSection() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { logout } = useAuth();
  const sessions = useQuery(sessionQueries.list(api));
  const t = useT(profileTexts);
  const signOut = useMutation({
    mutationFn: (id: string) => authApi.signOutSession(api, id),
    onSuccess: () => toast.success(translate(profileTexts, 'profile.sessions.signedOut')),
    onError: (error) => toast.error(errorText(error, translate(profileTexts, 'profile.sessions.signOutFailed'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueries.all() }),
  });

  return (
    <section className="panel profile__sessions" aria-labelledby="profile-sessions-title">
      <h2 id="profile-sessions-title">{t('profile.sessions.title')}</h2>
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <p className="muted">{t('profile.sessions.loadFailed')}</p>
      ) : (
        <ul className="profile__session-list">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={signOut.isPending && signOut.variables === session.id}
              onSignOut={() => (session.current ? void logout() : signOut.mutate(session.id))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionRow({ session, busy, onSignOut }: { session: SignedInSession; busy: boolean; onSignOut: () => void }) {
  const t = useT(profileTexts);
  const format = useFormat();
  const label = t(VIA_LABELS[session.via ?? 'unknown']);
  return (
    <li className="profile__session" data-testid="session">
      <div>
        <div className="profile__session-name">
          {label}
          {session.current ? <span className="profile__this-device">{t('profile.sessions.thisDevice')}</span> : null}
        </div>
        <div className="muted">
          <RichText
            text={t('profile.sessions.times')}
            components={{
              signedIn: <RelativeTime at={session.signedInAt} />,
              lastUsed: <RelativeTime at={session.lastUsedAt} />,
            }}
          />
        </div>
      </div>
      <Button
        size="s"
        mode="gray"
        loading={busy}
        disabled={busy}
        onClick={onSignOut}
        aria-label={t('profile.sessions.signOutLabel', { via: label, at: format.dateTime(session.signedInAt) })}
      >
        {t('profile.sessions.signOut')}
      </Button>
    </li>
  );
}
