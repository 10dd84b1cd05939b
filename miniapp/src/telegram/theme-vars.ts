/**
 * The theme colours Telegram means as text or as a button under white text: its own greys and blues fall
 * below WCAG AA on common themes (hint #708499 on #17212b is 4.2:1, #a8a8a8 on white 2.4:1). These are
 * bound raw (`--tg-raw-*`) and app/telegram-palette.css derives the `--tg-theme-*` the page and
 * telegram-ui read from them; every other colour is bound under its usual name.
 */
const DERIVED = new Set([
  'hint-color',
  'subtitle-text-color',
  'link-color',
  'accent-text-color',
  'section-header-text-color',
  'destructive-text-color',
  'button-color',
]);

// The SDK's types name the keys in camelCase; at run time it passes Telegram's snake_case. Either works.
const kebab = (key: string) => key.replace(/_/g, '-').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export function themeCssVarName(key: string): string {
  const name = kebab(key);
  return `--tg-${DERIVED.has(name) ? 'raw' : 'theme'}-${name}`;
}
