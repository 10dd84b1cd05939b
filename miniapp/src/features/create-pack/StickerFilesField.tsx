import { Button, Input } from '@telegram-apps/telegram-ui';
import type { StickerFormat } from '@stickerdrop/shared';
import { useObjectUrl } from '../../components/use-object-url';
import { useT } from '../../i18n/translate';
import { createPackTexts } from './messages';
import { StickerPlayer } from '../pack-detail/StickerPlayer';

export interface StickerFilesFieldProps {
  files: File[];
  emoji: string[];
  onChange: (files: File[], emoji: string[]) => void;
}

// A key per File object: the same file chosen twice is two stickers, with the same name, size and date.
const fileKeys = new WeakMap<File, number>();
let lastFileKey = 0;
function keyOf(file: File): number {
  if (!fileKeys.has(file)) fileKeys.set(file, ++lastFileKey);
  return fileKeys.get(file)!;
}

/** What a chosen file will become, told from its name and type (the server decides from its bytes). */
function formatOf(file: File): StickerFormat {
  const name = file.name.toLowerCase();
  if (/\.tgs$/.test(name) || file.type === 'application/x-tgsticker') return 'animated';
  if (file.type.startsWith('video/') || /\.(mp4|webm)$/.test(name)) return 'video';
  return 'static'; // A GIF plays in an <img> as it is.
}

/**
 * The chosen stickers before upload: a live preview of each, the emoji it stands for (pre-filled with
 * the pack's default), and buttons to reorder and remove them; the first is the cover.
 */
export function StickerFilesField({ files, emoji, onChange }: StickerFilesFieldProps) {
  const t = useT(createPackTexts);
  const move = (from: number, to: number) => {
    const nextFiles = [...files];
    const nextEmoji = [...emoji];
    const [file] = nextFiles.splice(from, 1);
    const [text] = nextEmoji.splice(from, 1);
    nextFiles.splice(to, 0, file!);
    nextEmoji.splice(to, 0, text ?? '');
    onChange(nextFiles, nextEmoji);
  };
  const remove = (index: number) =>
    onChange(
      files.filter((_, i) => i !== index),
      emoji.filter((_, i) => i !== index),
    );
  const setEmoji = (index: number, text: string) =>
    onChange(
      files,
      emoji.map((e, i) => (i === index ? text : e)),
    );

  return (
    <ol className="sticker-files" aria-label={t('create-pack.images.list')}>
      {files.map((file, i) => (
        <li key={keyOf(file)} className="sticker-files__item">
          <FilePreview file={file} />
          <div className="sticker-files__fields">
            <span className="sticker-files__name">
              {file.name}
              {i === 0 ? <strong className="sticker-files__cover">{t('create-pack.images.cover')}</strong> : null}
            </span>
            {/* A short header fits a phone ("Emoji for dance-…" did not); the name says which file. */}
            <Input
              className="sticker-files__emoji"
              header={t('create-pack.images.emoji')}
              aria-label={t('create-pack.images.emojiFor', { name: file.name })}
              value={emoji[i] ?? ''}
              onChange={(event) => setEmoji(i, event.target.value)}
            />
          </div>
          <div className="sticker-files__buttons">
            <Button type="button" mode="bezeled" size="s" disabled={i === 0} onClick={() => move(i, i - 1)}>
              {t('create-pack.images.moveUp')}
            </Button>
            <Button
              type="button"
              mode="bezeled"
              size="s"
              disabled={i === files.length - 1}
              onClick={() => move(i, i + 1)}
            >
              {t('create-pack.images.moveDown')}
            </Button>
            <Button type="button" mode="bezeled" size="s" disabled={i === 0} onClick={() => move(i, 0)}>
              {t('create-pack.images.makeCover')}
            </Button>
            <Button
              type="button"
              mode="plain"
              size="s"
              aria-label={t('create-pack.images.removeFile', { name: file.name })}
              onClick={() => remove(i)}
            >
              {t('create-pack.images.remove')}
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

function FilePreview({ file }: { file: File }) {
  const format = formatOf(file);
  const url = useObjectUrl(file);
  const t = useT(createPackTexts);
  const label = t('create-pack.images.preview', { name: file.name });
  if (format === 'static')
    return <img className="sticker-files__preview" src={url} alt={label} width={72} height={72} />;
  return <StickerPlayer format={format} src={file} still={null} size={72} label={label} />;
}
