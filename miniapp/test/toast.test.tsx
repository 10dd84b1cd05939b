import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@stickerdrop/shared';
import { ToastProvider, useToast, type Toasts } from '../src/toast/ToastProvider';

function Capture({ onReady }: { onReady: (toasts: Toasts) => void }) {
  onReady(useToast());
  return null;
}

describe('toasts', () => {
  it('show one at a time, the newest replacing the older, and disappear after 4 seconds (SPEC §9)', () => {
    vi.useFakeTimers();
    try {
      let toasts!: Toasts;
      render(
        <ToastProvider>
          <Capture onReady={(value) => (toasts = value)} />
        </ToastProvider>,
      );
      act(() => toasts.success('Saved'));
      expect(screen.getByRole('status')).toHaveTextContent('Saved');
      act(() => vi.advanceTimersByTime(1000));
      act(() => toasts.error('Broken'));
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Broken');
      expect(document.querySelectorAll('.toast')).toHaveLength(1);
      expect(document.querySelector('.toasts')).toContainElement(screen.getByRole('alert'));
      // The replaced toast's timer does not cut the newer one short: 4 s from its own start.
      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
      expect(screen.getByText('Broken')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Broken')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is dismissed by a tap', () => {
    let toasts!: Toasts;
    render(
      <ToastProvider>
        <Capture onReady={(value) => (toasts = value)} />
      </ToastProvider>,
    );
    act(() => toasts.info('Purchase initiated!'));
    act(() => screen.getByRole('status').click());
    expect(screen.queryByText('Purchase initiated!')).not.toBeInTheDocument();
  });
});
