import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
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

/** SPEC §2: toasts appear top-centre and last 4 seconds. */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: { children: ReactNode; duration?: number }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = nextId.current++;
      // The same text twice in a row (a double tap) shows once.
      setItems((current) => [...current.filter((item) => item.text !== text), { id, kind, text }].slice(-3));
      setTimeout(() => setItems((current) => current.filter((item) => item.id !== id)), duration);
    },
    [duration],
  );

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
        {items.map((item) => (
          <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
            {item.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Toasts {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
