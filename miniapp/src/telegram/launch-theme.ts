import { themeCssVarName } from './theme-vars';

/**
 * Colours the page with the theme Telegram launched it in (`tgWebAppThemeParams` in the address), under
 * the variables the SDK binds later (init.ts), so the first screen is drawn in Telegram's colours rather
 * than the web palette's and does not change colour when the SDK arrives.
 */
export function applyLaunchTheme(themeJson: string | null, root: HTMLElement = document.documentElement): void {
  let theme: unknown;
  try {
    theme = JSON.parse(themeJson ?? 'null');
  } catch {
    return;
  }
  if (!theme || typeof theme !== 'object') return;
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value === 'string') root.style.setProperty(themeCssVarName(key), value);
  }
  root.classList.add('telegram');
}

/** Undoes applyLaunchTheme, for a container that turned out not to be Telegram. */
export function forgetLaunchTheme(root: HTMLElement = document.documentElement): void {
  root.classList.remove('telegram');
  for (const name of [...root.style]) {
    if (name.startsWith('--tg-theme-') || name.startsWith('--tg-raw-')) root.style.removeProperty(name);
  }
}
