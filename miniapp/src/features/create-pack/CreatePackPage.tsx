import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../router';
import { Button, Input, Select, Textarea } from '@telegram-apps/telegram-ui';
import { Lock } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import {
  CATEGORIES,
  MAX_EDITION_SIZE,
  MAX_ROYALTY_BPS,
  MIN_EDITION_SIZE,
  MIN_PRICE,
  PRICE_STEP,
  errorTextIn,
  type PackKind,
} from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useFormFields } from '../../components/use-form-fields';
import { useFormat } from '../../i18n/format';
import { translate, useT } from '../../i18n/translate';
import { haptics } from '../../telegram/haptics';
import { Page } from '../../telegram/Page';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { packQueries, statsQueries } from '../packs/queries';
import { studioQueries } from '../studio/queries';
import { profileQueries } from '../profile/queries';
import { CreatorAccessRequired } from '../profile/CreatorAccessRequired';
import { PayoutWalletAsk } from '../payments/PayoutWalletAsk';
import { EMPTY_CREATE_FORM, createFormData, firstCreateFormError, type CreateFormValues } from './create-form';
import { categoryLabel, fieldHelp, fieldLabel, type HelpedField } from './field-texts';
import { createPackTexts } from './messages';
import { StickerPicker } from './StickerPicker';
import './create-pack.css';

type HelpedKey = HelpedField;
const helpId = (key: HelpedKey) => `create-help-${key}`;

/** A field with its help below it, tied to it by aria-describedby: the label stays short enough to show whole. */
function Helped({ of, children }: { of: HelpedKey; children: ReactNode }) {
  const t = useT(createPackTexts);
  const format = useFormat();
  return (
    <div className="create__field">
      {children}
      <p id={helpId(of)} className="create__help">
        {fieldHelp(t, format, of)}
      </p>
    </div>
  );
}

/** SPEC §2 Create: the new-pack form for creators; Creator Access Required for everyone else. */
export function CreatePackPage() {
  const { user } = useAuth();
  if (!user?.isCreator) {
    return (
      <Page webBack>
        <CreatorAccessRequired>
          <Icon icon={Lock} className="create__lock" size={64} />
        </CreatorAccessRequired>
      </Page>
    );
  }
  return <CreateForm />;
}

function CreateForm() {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { values, setValues, set, field } = useFormFields<CreateFormValues>(EMPTY_CREATE_FORM);
  // A new picker after each pack made, so nothing of the last one's file input survives.
  const [generation, setGeneration] = useState(0);
  const t = useT(createPackTexts);
  const format = useFormat();
  const described = (key: Exclude<HelpedKey, 'images' | 'kind'>) => ({
    ...field(key, fieldLabel(t, key)),
    'aria-describedby': helpId(key),
  });

  const create = useMutation({
    mutationFn: (form: CreateFormValues) =>
      api.request<unknown>('/api/stickers', { method: 'POST', body: createFormData(form) }),
    onSuccess: () => {
      haptics.success();
      toast.success(translate(createPackTexts, 'create-pack.toast.created'));
      setValues(EMPTY_CREATE_FORM);
      setGeneration((n) => n + 1);
      void queryClient.invalidateQueries({ queryKey: packQueries.all() });
      void queryClient.invalidateQueries({ queryKey: statsQueries.all() });
      void queryClient.invalidateQueries({ queryKey: profileQueries.all() });
      void queryClient.invalidateQueries({ queryKey: studioQueries.all() });
      // SPEC: on to /collection, where a creator's Created tab leads with the new pack.
      navigate('/collection?tab=created');
    },
    onError: (error) => {
      haptics.error();
      toast.error(errorText(error, translate(createPackTexts, 'create-pack.toast.failed')));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = firstCreateFormError(values);
    if (problem) {
      haptics.error();
      // The rules are the API's own, and so are their words: in the reader's language from shared's table.
      toast.error(errorTextIn(format.language, problem));
      return;
    }
    create.mutate(values);
  };

  return (
    <Page webBack>
      <h1 className="page-title">{t('create-pack.title')}</h1>
      <PayoutWalletAsk className="create__payout" />
      <form className="create panel" onSubmit={submit} noValidate>
        <StickerPicker
          key={generation}
          files={values.images}
          emoji={values.stickerEmoji}
          onChange={(images, stickerEmoji) => setValues((current) => ({ ...current, images, stickerEmoji }))}
        />
        <Helped of="kind">
          <Select
            header={fieldLabel(t, 'kind')}
            aria-label={fieldLabel(t, 'kind')}
            aria-describedby={helpId('kind')}
            value={values.kind}
            onChange={(event) => set('kind', event.target.value as PackKind)}
          >
            <option value="stickers">{t('create-pack.kind.stickers')}</option>
            <option value="emoji">{t('create-pack.kind.emoji')}</option>
          </Select>
        </Helped>
        <Helped of="title">
          <Input {...described('title')} placeholder={t('create-pack.title.placeholder')} />
        </Helped>
        <Helped of="description">
          <Textarea {...described('description')} placeholder={t('create-pack.description.placeholder')} />
        </Helped>
        <Helped of="price">
          <Input
            {...described('price')}
            type="number"
            inputMode="decimal"
            min={MIN_PRICE}
            step={PRICE_STEP}
            placeholder="1.00"
          />
        </Helped>
        <Helped of="maxSupply">
          <Input
            {...described('maxSupply')}
            type="number"
            inputMode="numeric"
            min={MIN_EDITION_SIZE}
            max={MAX_EDITION_SIZE}
            step={1}
          />
        </Helped>
        <Helped of="royaltyPercent">
          <Input
            {...described('royaltyPercent')}
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_ROYALTY_BPS / 100}
            step={0.5}
          />
        </Helped>
        <Helped of="maxPerUser">
          <Input
            {...described('maxPerUser')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder={t('create-pack.maxPerUser.placeholder')}
          />
        </Helped>
        <Helped of="dropsAt">
          <Input {...described('dropsAt')} type="datetime-local" />
        </Helped>
        <Helped of="category">
          <Select {...described('category')}>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(t, category)}
              </option>
            ))}
          </Select>
        </Helped>
        <Helped of="tags">
          <Input {...described('tags')} placeholder={t('create-pack.tags.placeholder')} />
        </Helped>
        <Button type="submit" size="l" stretched loading={create.isPending} disabled={create.isPending}>
          {t(create.isPending ? 'create-pack.creating' : 'create-pack.submit')}
        </Button>
      </form>
    </Page>
  );
}
