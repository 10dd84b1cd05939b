import type { ButtonMode } from '../../components/button-classes';

/** Home's hero, drawn by HomePage and, before the app has loaded, by the document's first screen. */
export const HERO_TITLE = 'Limited-edition sticker packs for Telegram';

export const HERO_ACTIONS: ReadonlyArray<{ to: string; label: string; mode: ButtonMode; className?: string }> = [
  { to: '/marketplace', label: 'Browse Marketplace', mode: 'filled' },
  { to: '/create', label: 'Create Stickers', mode: 'white', className: 'hero__secondary' },
];
