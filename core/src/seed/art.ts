import { STICKER_SIZE_PX } from '@stickerdrop/shared';
import { PREVIEW_SIZE_PX } from '../create-pack/image.js';
import { loadSharp } from '../load-sharp.js';

export type Motif = 'face' | 'star' | 'heart' | 'flower' | 'blob' | 'gem' | 'leaf' | 'planet';
export type Palette = readonly [string, string, string];

/** A small deterministic generator, so the demo catalogue looks the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const OUTLINE = 'stroke="#ffffff" stroke-width="18" stroke-linejoin="round"';

function polygon(points: [number, number][]): string {
  return points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}

function starPoints(spikes: number, outer: number, inner: number, turn: number): [number, number][] {
  return Array.from({ length: spikes * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / spikes + turn - Math.PI / 2;
    return [256 + radius * Math.cos(angle), 256 + radius * Math.sin(angle)];
  });
}

/** The body of one sticker: a motif filled with the palette's gradient and a white die-cut outline. */
function motifShape(motif: Motif, random: () => number): string {
  const turn = (random() - 0.5) * 0.6;
  switch (motif) {
    case 'face': {
      const eye = 14 + random() * 10;
      return `<circle cx="256" cy="256" r="190" fill="url(#g)" ${OUTLINE}/>
        <circle cx="196" cy="220" r="${eye}" fill="#1d1d2b"/><circle cx="316" cy="220" r="${eye}" fill="#1d1d2b"/>
        <path d="M186 300 Q256 ${350 + random() * 40} 326 300" fill="none" stroke="#1d1d2b" stroke-width="14" stroke-linecap="round"/>`;
    }
    case 'star':
      return `<polygon points="${polygon(starPoints(5, 210, 95 + random() * 20, turn))}" fill="url(#g)" ${OUTLINE}/>`;
    case 'heart':
      return `<path transform="rotate(${turn * 40} 256 256)" d="M256 430 C120 330 60 250 90 170 C120 90 220 90 256 165 C292 90 392 90 422 170 C452 250 392 330 256 430 Z" fill="url(#g)" ${OUTLINE}/>`;
    case 'flower': {
      const petals = 5 + Math.floor(random() * 3);
      const ring = Array.from({ length: petals }, (_, i) => {
        const angle = (2 * Math.PI * i) / petals + turn;
        return `<circle cx="${(256 + 110 * Math.cos(angle)).toFixed(1)}" cy="${(256 + 110 * Math.sin(angle)).toFixed(1)}" r="88" fill="url(#g)" ${OUTLINE}/>`;
      }).join('');
      return `${ring}<circle cx="256" cy="256" r="70" fill="#fff3b0" ${OUTLINE}/>`;
    }
    case 'blob': {
      const points = Array.from({ length: 9 }, (_, i): [number, number] => {
        const angle = (2 * Math.PI * i) / 9 + turn;
        const radius = 150 + random() * 60;
        return [256 + radius * Math.cos(angle), 256 + radius * Math.sin(angle)];
      });
      return `<polygon points="${polygon(points)}" fill="url(#g)" ${OUTLINE}/>
        <circle cx="220" cy="230" r="16" fill="#1d1d2b"/><circle cx="292" cy="230" r="16" fill="#1d1d2b"/>`;
    }
    case 'gem':
      return `<polygon points="${polygon([
        [256, 60],
        [440, 200],
        [256, 452],
        [72, 200],
      ])}" fill="url(#g)" ${OUTLINE} transform="rotate(${turn * 30} 256 256)"/>
        <polyline points="72,200 440,200" stroke="#ffffff" stroke-width="8" opacity="0.7"/>`;
    case 'leaf':
      return `<path transform="rotate(${turn * 90} 256 256)" d="M256 56 C400 140 420 320 256 456 C92 320 112 140 256 56 Z" fill="url(#g)" ${OUTLINE}/>
        <path transform="rotate(${turn * 90} 256 256)" d="M256 110 L256 420" stroke="#ffffff" stroke-width="10" opacity="0.8"/>`;
    case 'planet':
      return `<circle cx="256" cy="256" r="150" fill="url(#g)" ${OUTLINE}/>
        <ellipse cx="256" cy="256" rx="230" ry="58" fill="none" stroke="#ffffff" stroke-width="22" transform="rotate(${-20 + turn * 40} 256 256)"/>`;
  }
}

function stickerSvg(motif: Motif, palette: Palette, seed: number): string {
  const random = seededRandom(seed);
  const [from, to, accent] = palette;
  const sparkles = Array.from({ length: 3 }, () => {
    const x = 60 + random() * 392;
    const y = 40 + random() * 80;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(6 + random() * 8).toFixed(1)}" fill="${accent}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    ${motifShape(motif, random)}${sparkles}</svg>`;
}

/** A 512 px WEBP sticker with a transparent background, as Telegram wants them. */
export function renderStickerArt(motif: Motif, palette: Palette, seed: number): Promise<Buffer> {
  return loadSharp()(Buffer.from(stickerSvg(motif, palette, seed)))
    .resize(STICKER_SIZE_PX, STICKER_SIZE_PX)
    .webp({ quality: 85, effort: 2 })
    .toBuffer();
}

/** The card image: the first sticker on a soft tile of the pack's colours. */
export function renderPreviewArt(motif: Motif, palette: Palette, seed: number): Promise<Buffer> {
  const [from, to] = palette;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <defs><radialGradient id="bg"><stop offset="0" stop-color="${from}" stop-opacity="0.35"/>
      <stop offset="1" stop-color="${to}" stop-opacity="0.15"/></radialGradient></defs>
    <rect width="512" height="512" rx="64" fill="url(#bg)"/>
    <g transform="translate(56 56) scale(0.78)">${stickerSvg(motif, palette, seed).replace(/^<svg[^>]*>|<\/svg>$/g, '')}</g></svg>`;
  return loadSharp()(Buffer.from(svg))
    .resize(PREVIEW_SIZE_PX, PREVIEW_SIZE_PX)
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}
