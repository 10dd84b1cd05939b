import { useMutation } from '@tanstack/react-query';
import { LANGUAGES, type Language, type Profile, type User } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { ToggleGroup } from '../../components/ToggleGroup';
import { switchLanguage } from '../../i18n/language';
import { useLanguage } from '../../i18n/provider';
import { useT } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { languageTexts } from './messages';
import './language.css';

interface LanguageSwitchProps {
  /** The profile as shown: PUT /api/users/profile replaces every field, so the switch sends them unchanged. */
  profile: Profile;
  /** The saved profile, for the page's cache. */
  onSaved: (profile: Profile) => void;
}

/**
 * English or Russian for the app, the bot and the API's errors. The app changes at once; the choice is
 * stored on the account (so it wins on every device and the bot's next message follows it), and a failed
 * save puts the app back in the language it was in.
 */
export function LanguageSwitch({ profile, onSaved }: LanguageSwitchProps) {
  const t = useT(languageTexts);
  const api = useApi();
  const toast = useToast();
  const { setUser } = useAuth();
  const language = useLanguage();
  const save = useMutation({
    mutationFn: (next: Language) =>
      api.request<{ user: User; profile: Profile }>('/api/users/profile', {
        method: 'PUT',
        body: { displayName: profile.displayName, bio: profile.bio, website: profile.website, language: next },
      }),
    onMutate: async (next: Language) => {
      const previous = language;
      await switchLanguage(next, { remember: true });
      return { previous };
    },
    onSuccess: (saved) => {
      setUser(saved.user);
      onSaved(saved.profile);
    },
    onError: (error, _next, context) => {
      if (context) void switchLanguage(context.previous, { remember: true });
      toast.error(errorText(error, t('language.saveFailed')));
    },
  });
  return (
    <section className="panel language-switch" aria-labelledby="language-title">
      <h2 id="language-title">{t('language.title')}</h2>
      <ToggleGroup
        label={t('language.choice')}
        values={LANGUAGES}
        labels={{ en: t('language.en'), ru: t('language.ru') }}
        value={language}
        onChange={(next) => save.mutate(next)}
      />
    </section>
  );
}
