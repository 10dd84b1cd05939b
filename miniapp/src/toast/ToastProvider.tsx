import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@stickerdrop/shared';
import './toast.css';

export type ToastKind = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface Toasts {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
}

const ToastContext = createContext<Toasts | null>(null);

/**
 * SPEC §2: toasts appear top-centre and last 4 seconds. One at a time: the newest replaces the one before
 * (a stack covered the page's own actions); a tap dismisses it.
 */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: { children: ReactNode; duration?: number }) {
  const [item, setItem] = useState<ToastItem | null>(null);
  const nextId = useRef(1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = nextId.current++;
      setItem({ id, kind, text });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setItem((current) => (current?.id === id ? null : current)), duration);
    },
    [duration],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const toasts = useMemo<Toasts>(
    () => ({
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      info: (text) => show('info', text),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={toasts}>
      {children}
      <div className="toasts" aria-live="polite">
        {item ? (
          <div
            key={item.id}
            className={`toast toast--${item.kind}`}
            role={item.kind === 'error' ? 'alert' : 'status'}
            onClick={() => setItem(null)}
          >
            {item.text}
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Toasts {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
