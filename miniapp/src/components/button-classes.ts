/**
 * telegram-ui 2.1.13's Button classes (its styles.css is global), for a link in the Button's look without its
 * component: ButtonLink, and the document's first screen (first-screen/), which draws the same link before
 * React runs.
 */
const BUTTON = 'tgui-117e77cd385a9c8d tgui-b5d680db78c4cc2e';
const MODES = {
  filled: 'tgui-8a1ca9efa24f4809',
  bezeled: 'tgui-91bda9a36246a33c',
  plain: 'tgui-48956537c34690db',
  white: 'tgui-ba6d30cc81e39ae5',
} as const;
const SIZES = { s: 'tgui-13f23a224303ddaa', m: 'tgui-1a16a49d89076ff4', l: 'tgui-9cef742a22f195c9' } as const;
const IOS = 'tgui-55e8aa7f5cea2280 tgui-34eb6f8b96874d40';
const STRETCHED = 'tgui-726846958fe7f4a0';
/** The label: Text weight 2 for size l, Subheadline level 2 weight 2 otherwise (telegram-ui's ButtonTypography). */
const LABEL = 'tgui-5f6014c0f063b6de tgui-c3e2e598bd70eee6 tgui-080a44e6ac3f4d27 tgui-809f1f8a3f64154d';
const LABEL_SIZES = { l: 'tgui-65c206f0fd891b6b', other: 'tgui-266b6ffdbad2b90e tgui-8f63cd31b2513281' } as const;

export type ButtonSize = keyof typeof SIZES;
export type ButtonMode = keyof typeof MODES;

export interface ButtonLook {
  size: ButtonSize;
  mode: ButtonMode;
  /** telegram-ui's iOS variant (Telegram on iOS and macOS). */
  ios: boolean;
  stretched?: boolean;
  className?: string;
}

export function buttonClass({ size, mode, ios, stretched, className }: ButtonLook): string {
  return [BUTTON, MODES[mode], SIZES[size], ios && IOS, stretched && STRETCHED, className].filter(Boolean).join(' ');
}

export function buttonLabelClass(size: ButtonSize): string {
  return `${LABEL} ${size === 'l' ? LABEL_SIZES.l : LABEL_SIZES.other}`;
}
