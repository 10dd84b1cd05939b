import { useEffect, useRef, useState } from 'react';
import type { AnimationItem } from 'lottie-web';
import type { StickerFormat } from '@stickerdrop/shared';
import { useObjectUrl } from '../../components/use-object-url';
import { prefersReducedMotion, useOnScreen } from '../../components/use-on-screen';
import { useT } from '../../i18n/translate';
import { packDetailTexts } from './messages';
import './sticker-player.css';

export interface StickerPlayerProps {
  format: StickerFormat;
  /** The file itself: a signed link (owners, the creator) or a chosen File (the create form); null: still only. */
  src: string | File | null;
  /** The first frame, shown before the animation runs, and instead of it for reduced motion. */
  still: string | null;
  /** A moving sticker's public moving preview (an animated WEBP), played for whoever lacks the file. */
  motion?: string | null;
  size: number;
  label: string;
}

/**
 * One sticker as it moves in Telegram: a TGS through lottie-web, a WEBM through a muted, looping, inline
 * <video>, a WEBP as an image; without the file (a visitor) its moving preview. Only what is on screen
 * plays (paused off screen); with reduced motion the still stays until the sticker is tapped.
 */
export function StickerPlayer({ format, src, still, motion = null, size, label }: StickerPlayerProps) {
  const t = useT(packDetailTexts);
  const box = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(box);
  const [tapped, setTapped] = useState(false);
  const moving = format !== 'static' && (src !== null || motion !== null);
  const play = moving && onScreen && (tapped || !prefersReducedMotion());
  // Once started, the player stays mounted and pauses off screen, so scrolling back needs no new fetch.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (play) setStarted(true);
  }, [play]);
  const mounted = play || started;

  return (
    <div
      ref={box}
      className="sticker-player"
      style={{ width: size, height: size }}
      data-format={format}
      data-playing={play ? 'true' : 'false'}
      onClick={moving ? () => setTapped(true) : undefined}
    >
      {format === 'video' && src && mounted ? (
        <VideoSticker src={src} still={still} play={play} label={label} />
      ) : format === 'animated' && src && mounted ? (
        <LottieSticker src={src} still={still} play={play} label={label} size={size} />
      ) : src === null && motion && play ? (
        // A visitor's moving preview: an image that moves, swapped back to the still off screen.
        <Still src={motion} label={label} size={size} />
      ) : (
        <Still src={format === 'static' && typeof src === 'string' ? src : still} label={label} size={size} />
      )}
      {/* A still of a moving sticker says so: a visitor's (it moves once owned), or one waiting for a tap. */}
      {format !== 'static' && !play ? (
        <span className="sticker-player__marker" aria-hidden="true">
          {t(format === 'video' ? 'pack-detail.marker.video' : 'pack-detail.marker.animated')}
        </span>
      ) : null}
    </div>
  );
}

function Still({ src, label, size }: { src: string | null; label: string; size: number }) {
  return src ? (
    <img src={src} alt={label} loading="lazy" width={size} height={size} />
  ) : (
    <div className="sticker-player__empty" aria-label={label} />
  );
}

function VideoSticker({
  src,
  still,
  play,
  label,
}: {
  src: string | File;
  still: string | null;
  play: boolean;
  label: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const url = useObjectUrl(src);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (play) element.play().catch(() => undefined);
    else element.pause();
  }, [play]);
  return (
    <video
      ref={video}
      src={url}
      poster={still ?? undefined}
      muted
      loop
      playsInline
      preload="metadata"
      aria-label={label}
    />
  );
}

function LottieSticker({
  src,
  still,
  play,
  label,
  size,
}: {
  src: string | File;
  still: string | null;
  play: boolean;
  label: string;
  size: number;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const [animation, setAnimation] = useState<AnimationItem | null>(null);
  useEffect(() => {
    let item: AnimationItem | null = null;
    let cancelled = false;
    void import('./lottie-animation')
      .then(({ mountLottie }) => mountLottie(stage.current!, src))
      .then((mounted) => {
        item = mounted;
        if (cancelled) mounted.destroy();
        else setAnimation(mounted);
      })
      .catch(() => undefined); // The still stays: a file that will not play is not worth an error.
    return () => {
      cancelled = true;
      item?.destroy();
    };
  }, [src]);
  useEffect(() => {
    if (!animation) return;
    if (play) animation.play();
    else animation.pause();
  }, [animation, play]);
  return (
    <>
      <div ref={stage} className="sticker-player__stage" role="img" aria-label={label} />
      {animation ? null : <Still src={still} label="" size={size} />}
    </>
  );
}
