import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Textarea } from '@telegram-apps/telegram-ui';
import { PROFILE_LIMITS, type Profile, type UpdateProfileRequest, type User } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useFormFields } from '../../components/use-form-fields';
import { translate, useT } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { profileTexts } from './messages';
import { profileQueries } from './queries';

type Shown = Required<Pick<UpdateProfileRequest, 'displayName' | 'bio' | 'website'>>;

/** SPEC §2's Profile Information: shown, and edited in place with Save Changes and Cancel. */
export function ProfileInformation({ profile, user }: { profile: Profile | undefined; user: User }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  const t = useT(profileTexts);
  const [editing, setEditing] = useState(false);
  const shown: Shown = {
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
      toast.success(translate(profileTexts, 'profile.toast.saved'));
    },
    onError: (error) => toast.error(errorText(error, translate(profileTexts, 'profile.toast.saveFailed'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };

  if (!editing) {
    const edit = () => {
      setDraft(shown);
      setEditing(true);
    };
    return <ProfileFacts shown={shown} onEdit={edit} />;
  }

  return (
    <form className="panel profile__info" aria-label={t('profile.info.editLabel')} onSubmit={submit}>
      <h2>{t('profile.info.title')}</h2>
      <Input {...field('displayName', t('profile.info.displayName'))} maxLength={PROFILE_LIMITS.displayName} />
      <Textarea {...field('bio', t('profile.info.bio'))} maxLength={PROFILE_LIMITS.bio} />
      <Input
        {...field('website', t('profile.info.website'))}
        type="url"
        placeholder="https://"
        maxLength={PROFILE_LIMITS.website}
      />
      <div className="profile__edit-buttons">
        <Button type="submit" loading={save.isPending}>
          {t('profile.info.save')}
        </Button>
        <Button type="button" mode="gray" onClick={() => setEditing(false)} disabled={save.isPending}>
          {t('profile.info.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ProfileFacts({ shown, onEdit }: { shown: Shown; onEdit: () => void }) {
  const t = useT(profileTexts);
  return (
    <section className="panel profile__info" aria-label={t('profile.info.label')}>
      <div className="profile__info-head">
        <h2>{t('profile.info.title')}</h2>
        <Button size="s" mode="bezeled" onClick={onEdit}>
          {t('profile.info.edit')}
        </Button>
      </div>
      <dl className="profile__facts">
        <dt>{t('profile.info.displayName')}</dt>
        <dd>{shown.displayName || '—'}</dd>
        <dt>{t('profile.info.bio')}</dt>
        <dd>{shown.bio || '—'}</dd>
        <dt>{t('profile.info.website')}</dt>
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
