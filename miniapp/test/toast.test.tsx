import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@stickerdrop/shared';
import { ToastProvider, useToast, type Toasts } from '../src/toast/ToastProvider';

function Capture({ onReady }: { onReady: (toasts: Toasts) => void }) {
  onReady(useToast());
  return null;
}

describe('toasts', () => {
  it('stack in the toast area and disappear after 4 seconds (SPEC §9); the browser suite checks top-centre', () => {
    vi.useFakeTimers();
    try {
      let toasts!: Toasts;
      render(
        <ToastProvider>
          <Capture onReady={(value) => (toasts = value)} />
        </ToastProvider>,
      );
      act(() => toasts.success('Saved'));
      act(() => toasts.error('Broken'));
      expect(screen.getByRole('status')).toHaveTextContent('Saved');
      expect(screen.getByRole('alert')).toHaveTextContent('Broken');
      expect(document.querySelector('.toasts')).toContainElement(screen.getByRole('status'));
      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
      expect(screen.getByText('Saved')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
      expect(screen.queryByText('Broken')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
