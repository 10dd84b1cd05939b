import type { User } from '@stickerdrop/shared';
import { RelativeTime } from '../../components/RelativeTime';
import { useT } from '../../i18n/translate';
import { avatarInitial, displayFirstName } from '../../app/layout/nav-links';
import { profileTexts } from './messages';
import { WalletAddress } from './WalletAddress';

/** Who is signed in: the name from Telegram, the id, the role, since when, and the wallet. */
export function AccountPanel({ user }: { user: User }) {
  const t = useT(profileTexts);
  return (
    <section className="panel profile__account" aria-label={t('profile.account.label')}>
      <span className="initial profile__avatar" aria-hidden="true">
        {avatarInitial(user.first_name)}
      </span>
      <div>
        <h2>{displayFirstName(user.first_name)}</h2>
        {user.username ? <div className="muted">@{user.username}</div> : null}
      </div>
      <dl className="profile__facts">
        <dt>{t('profile.account.telegramId')}</dt>
        <dd>{user.id}</dd>
        <dt>{t('profile.account.role')}</dt>
        <dd>{t(user.isCreator ? 'profile.account.creator' : 'profile.account.collector')}</dd>
        <dt>{t('profile.account.memberSince')}</dt>
        <dd>
          <RelativeTime at={user.createdAt} />
        </dd>
        <dt>{t('profile.account.wallet')}</dt>
        <dd>
          <WalletAddress address={user.walletAddress} />
        </dd>
      </dl>
    </section>
  );
}
