import type { ButtonMode } from '../../components/button-classes';
import type { firstScreenWords } from '../../shell/words';

type FirstScreenKey = keyof ReturnType<typeof firstScreenWords>;

/**
 * Home's hero buttons, drawn by HomePage and, before the app has loaded, by the document's first screen; their
 * words (and the hero's title and tagline) are the first screen's catalogue's (first-screen/locales).
 */
export const HERO_ACTIONS: ReadonlyArray<{ to: string; label: FirstScreenKey; mode: ButtonMode; className?: string }> =
  [
    { to: '/marketplace', label: 'shell.hero.browse', mode: 'filled' },
    { to: '/create', label: 'shell.hero.create', mode: 'white', className: 'hero__secondary' },
  ];
