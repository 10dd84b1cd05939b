import type { ReactNode } from 'react';
import { Placeholder } from '@telegram-apps/telegram-ui';
import { useT } from '../../i18n/translate';
import { BecomeCreatorButton } from './BecomeCreatorButton';
import { profileTexts } from './messages';

/** SPEC §2's Creator Access Required, for the studio and the create form, with the one way in beside it. */
export function CreatorAccessRequired({ children }: { children?: ReactNode }) {
  const t = useT(profileTexts);
  return (
    <Placeholder
      header={t('profile.creatorAccess.title')}
      description={t('profile.creatorAccess.detail')}
      action={<BecomeCreatorButton />}
    >
      {children}
    </Placeholder>
  );
}
