import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import type { User } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { translate, useT } from '../../i18n/translate';
import { Page } from '../../telegram/Page';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { AccountPanel } from './AccountPanel';
import { BecomeCreatorButton } from './BecomeCreatorButton';
import { ProfileFigures } from './ProfileFigures';
import { ProfileInformation } from './ProfileInformation';
import { ProfileWorth } from './ProfileWorth';
import { SessionsSection } from './SessionsSection';
import { LanguageSwitch } from '../language/LanguageSwitch';
import { LinkWalletButton, PayoutWalletAsk } from '../payments';
import { useOperator } from '../ops/operator';
import { profileTexts } from './messages';
import { profileQueries } from './queries';
import './profile.css';

/** SPEC §2 Profile: account info, statistics, profile information with view and edit modes. */
export function ProfilePage() {
  const api = useApi();
  const toast = useToast();
  const { user } = useAuth();
  const profile = useQuery(profileQueries.detail(api));
  const queryClient = useQueryClient();
  const t = useT(profileTexts);

  useEffect(() => {
    if (profile.isError) toast.error(translate(profileTexts, 'profile.toast.loadFailed'));
  }, [profile.isError, toast]);

  if (!user) return null;
  return (
    <Page webBack>
      <h1 className="page-title">{t('profile.title')}</h1>
      <AccountPanel user={user} />
      {/* Just became a creator (or never linked one): where their sales and royalties are paid. */}
      <PayoutWalletAsk />

      {profile.isPending ? (
        <Loading />
      ) : (
        <>
          <ProfileFigures profile={profile.data} creator={user.isCreator} />
          <ProfileWorth />
          <ProfileInformation profile={profile.data} user={user} />
          {profile.data ? (
            <LanguageSwitch
              profile={profile.data}
              onSaved={(saved) => queryClient.setQueryData(profileQueries.all(), saved)}
            />
          ) : null}
        </>
      )}

      <SessionsSection />
      <ProfileButtons user={user} />
    </Page>
  );
}

function ProfileButtons({ user }: { user: User }) {
  const { logout } = useAuth();
  const { isOperator } = useOperator();
  const t = useT(profileTexts);
  return (
    <div className="profile__buttons">
      <ButtonLink to="/collection" mode="bezeled" stretched>
        {t('profile.buttons.collection')}
      </ButtonLink>
      <LinkWalletButton />
      {user.isCreator ? (
        <>
          <ButtonLink to="/studio" mode="bezeled" stretched>
            {t('profile.buttons.studio')}
          </ButtonLink>
          <ButtonLink to="/create" mode="bezeled" stretched>
            {t('profile.buttons.create')}
          </ButtonLink>
        </>
      ) : (
        <BecomeCreatorButton />
      )}
      {isOperator ? (
        <ButtonLink to="/ops" mode="bezeled" stretched>
          {t('profile.buttons.ops')}
        </ButtonLink>
      ) : null}
      <Button mode="gray" stretched onClick={() => void logout()}>
        {t('profile.buttons.logout')}
      </Button>
    </div>
  );
}
