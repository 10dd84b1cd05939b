import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Textarea } from '@telegram-apps/telegram-ui';
import { MESSAGES, PROFILE_LIMITS, type Profile, type UpdateProfileRequest, type User } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { RelativeTime } from '../../components/RelativeTime';
import { useFormFields } from '../../components/use-form-fields';
import { Page } from '../../telegram/Page';
import { useToast } from '../../toast/ToastProvider';
import { avatarInitial, displayFirstName } from '../../app/layout/nav-links';
import { useAuth } from '../auth/AuthProvider';
import { BecomeCreatorButton } from './BecomeCreatorButton';
import { ProfileFigures } from './ProfileFigures';
import { SessionsSection } from './SessionsSection';
import { LanguageSwitch } from '../language/LanguageSwitch';
import { LinkWalletButton, PayoutWalletAsk } from '../payments';
import { profileQueries } from './queries';
import './profile.css';

/** SPEC §2 Profile: account info, statistics, profile information with view and edit modes. */
export function ProfilePage() {
  const api = useApi();
  const toast = useToast();
  const { user, logout } = useAuth();
  const profile = useQuery(profileQueries.detail(api));
  const queryClient = useQueryClient();

  useEffect(() => {
    if (profile.isError) toast.error(MESSAGES.profileLoadFailed);
  }, [profile.isError, toast]);

  if (!user) return null;
  return (
    <Page webBack>
      <h1 className="page-title">Profile</h1>
      <section className="panel profile__account" aria-label="Account">
        <span className="initial profile__avatar" aria-hidden="true">
          {avatarInitial(user.first_name)}
        </span>
        <div>
          <h2>{displayFirstName(user.first_name)}</h2>
          {user.username ? <div className="muted">@{user.username}</div> : null}
        </div>
        <dl className="profile__facts">
          <dt>Telegram ID</dt>
          <dd>{user.id}</dd>
          <dt>Role</dt>
          <dd>{user.isCreator ? 'Creator' : 'Collector'}</dd>
          <dt>Member since</dt>
          <dd>
            <RelativeTime at={user.createdAt} />
          </dd>
          <dt>Wallet</dt>
          <dd className="profile__wallet">{user.walletAddress ?? 'Not linked'}</dd>
        </dl>
      </section>
      {/* Just became a creator (or never linked one): where their sales and royalties are paid. */}
      <PayoutWalletAsk />

      {profile.isPending ? (
        <Loading />
      ) : (
        <>
          <ProfileFigures profile={profile.data} />
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

      <div className="profile__buttons">
        <ButtonLink to="/collection" mode="bezeled" stretched>
          My Collection
        </ButtonLink>
        <LinkWalletButton />
        {user.isCreator ? (
          <>
            <ButtonLink to="/studio" mode="bezeled" stretched>
              Studio
            </ButtonLink>
            <ButtonLink to="/create" mode="bezeled" stretched>
              Create Sticker
            </ButtonLink>
          </>
        ) : (
          <BecomeCreatorButton />
        )}
        <Button mode="gray" stretched onClick={() => void logout()}>
          Logout
        </Button>
      </div>
    </Page>
  );
}

function ProfileInformation({ profile, user }: { profile: Profile | undefined; user: User }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const shown = {
    displayName: profile?.displayName ?? user.displayName ?? '',
    bio: profile?.bio ?? user.bio ?? '',
    website: profile?.website ?? user.website ?? '',
  };
  const { values: draft, setValues: setDraft, field } = useFormFields<UpdateProfileRequest>(shown);

  const save = useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      api.request<{ user: User; profile: Profile }>('/api/users/profile', { method: 'PUT', body: { ...body } }),
    onSuccess: (result) => {
      setUser(result.user);
      queryClient.setQueryData(profileQueries.all(), result.profile);
      setEditing(false);
      toast.success(MESSAGES.profileUpdatedOnProfile);
    },
    onError: (error) => toast.error(errorText(error, MESSAGES.profileSaveFailed)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };

  if (!editing) {
    return (
      <section className="panel profile__info" aria-label="Profile information">
        <div className="profile__info-head">
          <h2>Profile Information</h2>
          <Button
            size="s"
            mode="bezeled"
            onClick={() => {
              setDraft(shown);
              setEditing(true);
            }}
          >
            Edit Profile
          </Button>
        </div>
        <dl className="profile__facts">
          <dt>Display name</dt>
          <dd>{shown.displayName || '—'}</dd>
          <dt>Bio</dt>
          <dd>{shown.bio || '—'}</dd>
          <dt>Website</dt>
          <dd>
            {shown.website ? (
              <a href={shown.website} target="_blank" rel="noopener noreferrer">
                {shown.website}
              </a>
            ) : (
              '—'
            )}
          </dd>
        </dl>
      </section>
    );
  }

  return (
    <form className="panel profile__info" aria-label="Edit profile" onSubmit={submit}>
      <h2>Profile Information</h2>
      <Input {...field('displayName', 'Display name')} maxLength={PROFILE_LIMITS.displayName} />
      <Textarea {...field('bio', 'Bio')} maxLength={PROFILE_LIMITS.bio} />
      <Input {...field('website', 'Website')} type="url" placeholder="https://" maxLength={PROFILE_LIMITS.website} />
      <div className="profile__edit-buttons">
        <Button type="submit" loading={save.isPending}>
          Save Changes
        </Button>
        <Button type="button" mode="gray" onClick={() => setEditing(false)} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
