import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Textarea } from '@telegram-apps/telegram-ui';
import { DESCRIPTION_MAX_LENGTH, dropsAtIso, type StudioPack, type StudioPackUpdate } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useFormFields } from '../../components/use-form-fields';
import { translate, useT } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { localInputValue } from './drop-time';
import { studioTexts } from './messages';
import { studioApi, studioQueries } from './queries';

/**
 * What may change after a pack is out: description and tags always, the drop time only while the drop is
 * scheduled (the API holds the same rules). Only changed fields are sent.
 */
export function StudioPackEditor({ pack, onClose }: { pack: StudioPack; onClose: () => void }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const t = useT(studioTexts);
  const scheduled = pack.dropStatus === 'scheduled' && pack.dropsAt !== null;
  const saved = {
    description: pack.description,
    tags: pack.tags.join(', '),
    dropsAt: scheduled ? localInputValue(pack.dropsAt!) : '',
  };
  const { values, field } = useFormFields(saved);

  const save = useMutation({
    mutationFn: (body: StudioPackUpdate) => studioApi.update(api, pack.id, body),
    onSuccess: () => {
      toast.success(translate(studioTexts, 'studio.editor.saved'));
      void queryClient.invalidateQueries({ queryKey: studioQueries.all() });
      onClose();
    },
    onError: (error) => toast.error(errorText(error, translate(studioTexts, 'studio.editor.saveFailed'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: StudioPackUpdate = {};
    if (values.description !== saved.description) body.description = values.description;
    if (values.tags !== saved.tags) body.tags = values.tags;
    if (scheduled && values.dropsAt !== saved.dropsAt) body.dropsAt = dropsAtIso(values.dropsAt) ?? values.dropsAt;
    if (Object.keys(body).length === 0) return onClose();
    save.mutate(body);
  };

  return (
    <form className="studio-editor" aria-label={t('studio.editPack', { title: pack.title })} onSubmit={submit}>
      <Textarea {...field('description', t('studio.editor.description'))} maxLength={DESCRIPTION_MAX_LENGTH} />
      <Input {...field('tags', t('studio.editor.tags'))} />
      {scheduled ? (
        <Input {...field('dropsAt', t('studio.editor.dropTime'))} type="datetime-local" />
      ) : (
        <p className="muted studio-editor__note">{t('studio.editor.dropTimeFixed')}</p>
      )}
      <p className="muted studio-editor__note">{t('studio.editor.fixedAfterCreate')}</p>
      <div className="studio-editor__buttons">
        <Button type="submit" size="s" loading={save.isPending}>
          {t('studio.editor.save')}
        </Button>
        <Button type="button" size="s" mode="gray" onClick={onClose} disabled={save.isPending}>
          {t('studio.editor.cancel')}
        </Button>
      </div>
    </form>
  );
}
