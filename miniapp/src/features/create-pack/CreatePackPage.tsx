import { useRef, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Button, Input, Placeholder, Select, Textarea } from '@telegram-apps/telegram-ui';
import { Lock } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import {
  ACCEPTED_STICKER_EXTENSIONS,
  ACCEPTED_STICKER_TYPES,
  CATEGORIES,
  MAX_EDITION_SIZE,
  MAX_STICKERS_PER_PACK,
  MESSAGES,
  MIN_EDITION_SIZE,
  MIN_PRICE,
  PRICE_STEP,
  validateStickerFile,
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
import { BecomeCreatorButton } from '../profile/BecomeCreatorButton';
import {
  DEFAULT_EMOJI_TEXT,
  EMPTY_CREATE_FORM,
  createFormData,
  firstCreateFormError,
  type CreateFormValues,
} from './create-form';
import { StickerFilesField } from './StickerFilesField';
import './create-pack.css';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** SPEC §2 Create: the new-pack form for creators; Creator Access Required for everyone else. */
export function CreatePackPage() {
  const { user } = useAuth();
  if (!user?.isCreator) {
    return (
      <Page webBack>
        <Placeholder
          header={MESSAGES.creatorAccessRequired}
          description={MESSAGES.creatorAccessRequiredDetail}
          action={<BecomeCreatorButton />}
        >
          <Icon icon={Lock} className="create__lock" size={64} />
        </Placeholder>
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
  const fileInput = useRef<HTMLInputElement>(null);

  const create = useMutation({
    mutationFn: (form: CreateFormValues) =>
      api.request<unknown>('/api/stickers', { method: 'POST', body: createFormData(form) }),
    onSuccess: () => {
      haptics.success();
      toast.success(MESSAGES.stickerCreated);
      setValues(EMPTY_CREATE_FORM);
      if (fileInput.current) fileInput.current.value = '';
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

  const chooseFiles = (files: FileList | null) => {
    const chosen = Array.from(files ?? []).slice(0, MAX_STICKERS_PER_PACK);
    const problem = chosen.map(validateStickerFile).find(Boolean);
    if (problem) {
      haptics.error();
      toast.error(problem);
      if (fileInput.current) fileInput.current.value = '';
      setValues((current) => ({ ...current, images: [], stickerEmoji: [] }));
      return;
    }
    setValues((current) => ({ ...current, images: chosen, stickerEmoji: chosen.map(() => DEFAULT_EMOJI_TEXT) }));
  };

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
      <form className="create panel" onSubmit={submit} noValidate>
        <label className="create__file">
          <span className="create__label">Stickers</span>
          <input
            ref={fileInput}
            type="file"
            name="image"
            accept={[...ACCEPTED_STICKER_TYPES, ...ACCEPTED_STICKER_EXTENSIONS].join(',')}
            multiple
            onChange={(event) => chooseFiles(event.target.files)}
          />
          <span className="create__hint">Max 5MB each: PNG, JPG, WEBP, GIF, MP4, WEBM (3 s at most) or TGS</span>
        </label>
        {values.images.length > 0 ? (
          <StickerFilesField
            files={values.images}
            emoji={values.stickerEmoji}
            onChange={(images, stickerEmoji) => setValues((current) => ({ ...current, images, stickerEmoji }))}
          />
        ) : null}
        <Select
          header="Pack kind"
          aria-label="Pack kind"
          value={values.kind}
          onChange={(event) => set('kind', event.target.value as PackKind)}
        >
          <option value="stickers">Sticker pack</option>
          <option value="emoji">Custom emoji pack (100×100)</option>
        </Select>
        <Input {...field('title', 'Title')} placeholder="Space Cats" />
        <Textarea {...field('description', 'Description')} placeholder="What makes this pack special?" />
        <Input
          {...field('price', 'Price (TON)')}
          type="number"
          inputMode="decimal"
          min={MIN_PRICE}
          step={PRICE_STEP}
          placeholder="1.00"
        />
        <Input
          {...field('maxSupply', 'Edition size')}
          type="number"
          inputMode="numeric"
          min={MIN_EDITION_SIZE}
          max={MAX_EDITION_SIZE}
          step={1}
        />
        <Input
          {...field('royaltyPercent', 'Creator royalty on resales (%)')}
          type="number"
          inputMode="decimal"
          min={0}
          max={10}
          step={0.5}
        />
        <Input
          {...field('maxPerUser', 'Most editions per collector (optional)')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="No limit"
        />
        <Input {...field('dropsAt', 'Drop opens at (your local time, optional)')} type="datetime-local" />
        <Select {...field('category', 'Category')}>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {capitalise(category)}
            </option>
          ))}
        </Select>
        <Input {...field('tags', 'Tags')} placeholder="cats, space, cute (comma-separated)" />
        <Button type="submit" size="l" stretched loading={create.isPending} disabled={create.isPending}>
          {create.isPending ? MESSAGES.creating : 'Create Sticker Pack'}
        </Button>
      </form>
    </Page>
  );
}
