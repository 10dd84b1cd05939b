import { describe, expect, it, vi } from 'vitest';
import { claimButton, refreshClaim, type ButtonClaim } from '../../src/telegram/bottom-button-claims';
import type { TelegramSdk } from '../../src/telegram/sdk';

/** A stand-in for the SDK's Main Button: what it was last told, and its click listeners. */
function fakeButton() {
  const listeners = new Set<() => void>();
  const shown: Record<string, unknown>[] = [];
  const button = {
    setParams: { ifAvailable: (params: Record<string, unknown>) => shown.push(params) },
    onClick: {
      ifAvailable: (listener: () => void) => {
        listeners.add(listener);
        return [true, () => listeners.delete(listener)];
      },
    },
  };
  const press = () => listeners.forEach((listener) => listener());
  return { button: button as unknown as TelegramSdk['mainButton'], shown, listeners, press };
}

const claim = (text: string, onClick = vi.fn()): ButtonClaim => ({
  params: { text, visible: true, enabled: true, loading: false, onClick },
});

describe('bottom button claims', () => {
  it('gives the button to the latest claim (a sheet) and back to the page when it goes', () => {
    const { button, shown, listeners, press } = fakeButton();
    const page = claim('Make an offer');
    const sheet = claim('Send offer');
    const releasePage = claimButton('mainButton', button, page);
    const releaseSheet = claimButton('mainButton', button, sheet);
    expect(shown.at(-1)).toMatchObject({ text: 'Send offer', isVisible: true });
    press();
    expect(sheet.params.onClick).toHaveBeenCalledTimes(1);
    expect(page.params.onClick).not.toHaveBeenCalled();

    // The page's own changes while covered are kept for later, not shown over the sheet.
    page.params = { ...page.params, loading: true };
    refreshClaim('mainButton', button, page);
    expect(shown.at(-1)).toMatchObject({ text: 'Send offer' });

    releaseSheet();
    expect(shown.at(-1)).toMatchObject({ text: 'Make an offer', isLoaderVisible: true, isEnabled: false });
    press();
    expect(page.params.onClick).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(1);

    releasePage();
    expect(shown.at(-1)).toMatchObject({ isVisible: false });
    expect(listeners.size).toBe(0);
  });

  it('tells the button nothing when what it shows has not changed', () => {
    const { button, shown } = fakeButton();
    const page = claim('Buy Now');
    const release = claimButton('mainButton', button, page);
    refreshClaim('mainButton', button, page);
    expect(shown).toHaveLength(1);
    page.params = { ...page.params, loading: true };
    refreshClaim('mainButton', button, page);
    expect(shown).toHaveLength(2);
    release();
    expect(shown.at(-1)).toMatchObject({ isVisible: false });
  });
});
