import type { TelegramSdk } from './sdk';
import type { BottomButtonParams } from './use-main-button';

export type BottomButtonName = 'mainButton' | 'secondaryButton';
type BottomButton = TelegramSdk['mainButton'] | TelegramSdk['secondaryButton'];

/** One screen part's wish for a bottom button: the latest mounted one drives it (a sheet over its page). */
export interface ButtonClaim {
  params: BottomButtonParams;
}

const claims: Record<BottomButtonName, ButtonClaim[]> = { mainButton: [], secondaryButton: [] };
const stopListening: Partial<Record<BottomButtonName, () => void>> = {};

/** What each button was last told: telling it the same again would only cost the SDK's work. */
const lastShown = new WeakMap<BottomButton, string>();

function showTop(which: BottomButtonName, button: BottomButton): void {
  const top = claims[which].at(-1);
  const params = top
    ? {
        text: top.params.text,
        isVisible: top.params.visible,
        isEnabled: top.params.enabled && !top.params.loading,
        isLoaderVisible: top.params.loading,
      }
    : { isVisible: false, isLoaderVisible: false };
  const shown = JSON.stringify(params);
  if (lastShown.get(button) === shown) return;
  lastShown.set(button, shown);
  button.setParams.ifAvailable(params);
}

/**
 * Hands the button to `claim` until the returned release is called; then the claim beneath it (the page
 * under a closed sheet) gets the button back as it left it. One click listener serves whoever is on top.
 */
export function claimButton(which: BottomButtonName, button: BottomButton, claim: ButtonClaim): () => void {
  if (claims[which].length === 0) {
    const [, off] = button.onClick.ifAvailable(() => claims[which].at(-1)?.params.onClick());
    stopListening[which] = off;
  }
  claims[which].push(claim);
  showTop(which, button);
  return () => {
    const list = claims[which];
    const index = list.indexOf(claim);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) {
      stopListening[which]?.();
      delete stopListening[which];
    }
    showTop(which, button);
  };
}

/** Shows a claim's new text or state, if it is the one driving the button. */
export function refreshClaim(which: BottomButtonName, button: BottomButton, claim: ButtonClaim): void {
  if (claims[which].at(-1) === claim) showTop(which, button);
}
