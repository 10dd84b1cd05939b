import { useEffect, useRef } from 'react';
import { nextTask } from '../components/next-task';
import { telegramSdk, type TelegramSdk } from './sdk';
import { useTelegram } from './TelegramProvider';
import { claimButton, refreshClaim, type BottomButtonName, type ButtonClaim } from './bottom-button-claims';

export interface BottomButtonParams {
  text: string;
  /** False hides the button. */
  visible: boolean;
  enabled: boolean;
  /** Shows the button's progress indicator. */
  loading: boolean;
  onClick: () => void;
}

/**
 * Drives Telegram's Main Button while the calling screen is shown. Returns true when the native button
 * is in use; on the plain web it returns false and the screen renders its own page button instead. A part
 * mounted later (a sheet) takes the button over while it is shown, and gives it back when it goes.
 */
export function useMainButton(params: BottomButtonParams): boolean {
  return useBottomButton('mainButton', params);
}

/** The same for the Secondary Button (clients from 7.10; older ones get the page button). */
export function useSecondaryButton(params: BottomButtonParams): boolean {
  return useBottomButton('secondaryButton', params);
}

function useBottomButton(which: BottomButtonName, params: BottomButtonParams): boolean {
  const { inside } = useTelegram();
  const button: TelegramSdk['mainButton'] | TelegramSdk['secondaryButton'] | undefined = telegramSdk()?.[which];
  const native = Boolean(inside && button?.setParams.isAvailable());
  const claim = useRef<ButtonClaim>({ params });
  claim.current.params = params;

  // Telling Telegram is a task of its own, after the screen's commit: each call goes through the SDK's
  // checks and state, which otherwise lengthened the task that runs the new screen's effects (its data
  // requests among them). The button shows what the screen wants as of that task.
  useEffect(() => {
    if (!native || !button) return;
    const current = claim.current;
    return inTaskOfItsOwn(() => claimButton(which, button, current));
  }, [native, button, which]);

  const { text, visible, enabled, loading } = params;
  useEffect(() => {
    if (!native || !button) return;
    const current = claim.current;
    return inTaskOfItsOwn(() => refreshClaim(which, button, current));
  }, [native, button, which, text, visible, enabled, loading]);

  return native;
}

/**
 * Runs `start` in the next task, unless the returned stop comes first; a stop after it runs calls the
 * release `start` returned.
 */
function inTaskOfItsOwn(start: () => (() => void) | void): () => void {
  let stopped = false;
  let release: (() => void) | void;
  void nextTask().then(() => {
    if (!stopped) release = start();
  });
  return () => {
    stopped = true;
    release?.();
  };
}
