import { useRef } from 'react';
import {
  ACCEPTED_STICKER_EXTENSIONS,
  ACCEPTED_STICKER_TYPES,
  MAX_STICKERS_PER_PACK,
  errorTextIn,
  validateStickerFile,
} from '@stickerdrop/shared';
import { Images } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { DEFAULT_EMOJI_TEXT } from './create-form';
import { fieldHelp, fieldLabel } from './field-texts';
import { createPackTexts } from './messages';
import { StickerFilesField } from './StickerFilesField';

export interface StickerPickerProps {
  files: File[];
  emoji: string[];
  onChange: (files: File[], emoji: string[]) => void;
}

/**
 * The stickers of the new pack: a button-like picker (the browser's "Choose Files" looked unfinished) that
 * adds files to those already chosen, then each one's preview with its emoji, order, cover and Remove.
 */
export function StickerPicker({ files, emoji, onChange }: StickerPickerProps) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const t = useT(createPackTexts);
  const format = useFormat();
  const label = fieldLabel(t, 'images');
  const add = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    // Emptied so that choosing the same file again, after removing it, is a change.
    if (input.current) input.current.value = '';
    const problem = chosen.map(validateStickerFile).find(Boolean);
    if (problem) {
      haptics.error();
      toast.error(errorTextIn(format.language, problem));
      return;
    }
    const room = MAX_STICKERS_PER_PACK - files.length;
    const added = chosen.slice(0, room);
    onChange([...files, ...added], [...emoji, ...added.map(() => DEFAULT_EMOJI_TEXT)]);
  };
  return (
    <div className="create__field">
      <label className="sticker-picker">
        <input
          ref={input}
          className="sticker-picker__input"
          type="file"
          name="image"
          accept={[...ACCEPTED_STICKER_TYPES, ...ACCEPTED_STICKER_EXTENSIONS].join(',')}
          multiple
          aria-label={label}
          aria-describedby="create-help-images"
          disabled={files.length >= MAX_STICKERS_PER_PACK}
          onChange={(event) => add(event.target.files)}
        />
        <Icon icon={Images} size={24} />
        <span className="sticker-picker__text">
          <span className="sticker-picker__label">{label}</span>
          <span className="sticker-picker__action">
            {files.length === 0
              ? t('create-pack.images.choose')
              : t('create-pack.images.chosen', { count: files.length })}
          </span>
        </span>
      </label>
      <p id="create-help-images" className="create__help">
        {fieldHelp(t, format, 'images')}
      </p>
      {files.length > 0 ? <StickerFilesField files={files} emoji={emoji} onChange={onChange} /> : null}
    </div>
  );
}
