import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { SIGN_IN_VIA_LABELS, type SignedInSession } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { Loading } from '../../components/Loading';
import { RelativeTime } from '../../components/RelativeTime';
import { exactTime } from '../../i18n/relative-time';
import { useToast } from '../../toast/ToastProvider';
import { authApi } from '../auth/auth-api';
import { useAuth } from '../auth/AuthProvider';
import { sessionQueries } from './queries';

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
  const signOut = useMutation({
    mutationFn: (id: string) => authApi.signOutSession(api, id),
    onSuccess: () => toast.success('Signed out of that session'),
    onError: (error) => toast.error(errorText(error, 'Could not sign that session out')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueries.all() }),
  });

  return (
    <section className="panel profile__sessions" aria-labelledby="profile-sessions-title">
      <h2 id="profile-sessions-title">Where you are signed in</h2>
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <p className="muted">Could not load your sessions.</p>
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
  const label = SIGN_IN_VIA_LABELS[session.via ?? 'unknown'];
  return (
    <li className="profile__session" data-testid="session">
      <div>
        <div className="profile__session-name">
          {label}
          {session.current ? <span className="profile__this-device">This device</span> : null}
        </div>
        <div className="muted">
          Signed in <RelativeTime at={session.signedInAt} /> · last used <RelativeTime at={session.lastUsedAt} />
        </div>
      </div>
      <Button
        size="s"
        mode="gray"
        loading={busy}
        disabled={busy}
        onClick={onSignOut}
        aria-label={`Sign out: ${label}, signed in ${exactTime(session.signedInAt)}`}
      >
        Sign out
      </Button>
    </li>
  );
}
