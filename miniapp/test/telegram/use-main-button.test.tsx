import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../src/components/next-task';
import { provideTelegramSdk } from '../../src/telegram/sdk';
import { TelegramProvider } from '../../src/telegram/TelegramProvider';
import { useMainButton, type BottomButtonParams } from '../../src/telegram/use-main-button';
import { fakeSdk, insideTelegram } from '../support/fake-sdk';

afterEach(() => provideTelegramSdk(null));

function BuyScreen(params: Partial<BottomButtonParams>) {
  useMainButton({ text: 'Buy Now', visible: true, enabled: true, loading: false, onClick: vi.fn(), ...params });
  return null;
}

function renderInside(element: ReactElement) {
  return render(<TelegramProvider value={insideTelegram}>{element}</TelegramProvider>);
}

describe('the Main Button of a screen inside Telegram', () => {
  it('is set in a task after the screen commits, not among its effects, as the screen last wanted it', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    const { rerender, unmount } = renderInside(<BuyScreen />);
    expect(tg.names()).not.toContain('mainButton.setParams');
    rerender(
      <TelegramProvider value={insideTelegram}>
        <BuyScreen loading />
      </TelegramProvider>,
    );
    await act(nextTask);
    expect(tg.lastMainButton()).toMatchObject({ text: 'Buy Now', isVisible: true, isLoaderVisible: true });
    expect(tg.names().filter((name) => name === 'mainButton.onClick')).toHaveLength(1);
    unmount();
    expect(tg.lastMainButton()).toMatchObject({ isVisible: false });
  });

  it('is never touched by a screen gone before that task', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    renderInside(<BuyScreen />).unmount();
    await act(nextTask);
    expect(tg.calls).toEqual([]);
  });
});
