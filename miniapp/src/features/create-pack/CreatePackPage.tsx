import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../router';
import { Button, Input, Select, Textarea } from '@telegram-apps/telegram-ui';
import { Lock } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import {
  CATEGORIES,
  CREATE_FORM_FIELDS,
  MAX_EDITION_SIZE,
  MAX_ROYALTY_BPS,
  MESSAGES,
  MIN_EDITION_SIZE,
  MIN_PRICE,
  PRICE_STEP,
  type PackKind,
} from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useFormFields } from '../../components/use-form-fields';
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
import { StickerPicker } from './StickerPicker';
import './create-pack.css';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type HelpedKey = keyof typeof CREATE_FORM_FIELDS;
const helpId = (key: HelpedKey) => `create-help-${key}`;

/** A field with its help below it, tied to it by aria-describedby: the label stays short enough to show whole. */
function Helped({ of, children }: { of: HelpedKey; children: ReactNode }) {
  return (
    <div className="create__field">
      {children}
      <p id={helpId(of)} className="create__help">
        {CREATE_FORM_FIELDS[of].help}
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
  const described = (key: Exclude<HelpedKey, 'images' | 'kind'>) => ({
    ...field(key, CREATE_FORM_FIELDS[key].label),
    'aria-describedby': helpId(key),
  });

  const create = useMutation({
    mutationFn: (form: CreateFormValues) =>
      api.request<unknown>('/api/stickers', { method: 'POST', body: createFormData(form) }),
    onSuccess: () => {
      haptics.success();
      toast.success(MESSAGES.stickerCreated);
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
      toast.error(errorText(error, MESSAGES.createFailed));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = firstCreateFormError(values);
    if (problem) {
      haptics.error();
      toast.error(problem);
      return;
    }
    create.mutate(values);
  };

  return (
    <Page webBack>
      <h1 className="page-title">Create Sticker Pack</h1>
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
            header={CREATE_FORM_FIELDS.kind.label}
            aria-label={CREATE_FORM_FIELDS.kind.label}
            aria-describedby={helpId('kind')}
            value={values.kind}
            onChange={(event) => set('kind', event.target.value as PackKind)}
          >
            <option value="stickers">Sticker pack</option>
            <option value="emoji">Custom emoji pack (100×100)</option>
          </Select>
        </Helped>
        <Helped of="title">
          <Input {...described('title')} placeholder="Space Cats" />
        </Helped>
        <Helped of="description">
          <Textarea {...described('description')} placeholder="What makes this pack special?" />
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
            placeholder="No limit"
          />
        </Helped>
        <Helped of="dropsAt">
          <Input {...described('dropsAt')} type="datetime-local" />
        </Helped>
        <Helped of="category">
          <Select {...described('category')}>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {capitalise(category)}
              </option>
            ))}
          </Select>
        </Helped>
        <Helped of="tags">
          <Input {...described('tags')} placeholder="cats, space, cute" />
        </Helped>
        <Button type="submit" size="l" stretched loading={create.isPending} disabled={create.isPending}>
          {create.isPending ? MESSAGES.creating : 'Create Sticker Pack'}
        </Button>
      </form>
    </Page>
  );
}
