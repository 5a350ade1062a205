import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Tone } from './status-card';
import './toast.css';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  tone?: Tone;
  /** Milliseconds before it hides; errors stay longer by default. */
  duration?: number;
}

interface ShownToast extends ToastOptions {
  id: number;
  open: boolean;
}

type ShowToast = (options: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Holds the toasts of the whole app; mounted once in main.tsx. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  const show = useCallback<ShowToast>((options) => {
    const id = nextId.current++;
    setToasts((current) => [...current.slice(-4), { ...options, id, open: true }]);
  }, []);

  const setOpen = (id: number, open: boolean) => {
    if (open) return;
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    // Leave time for the closing animation before the toast leaves the tree.
    window.setTimeout(() => setToasts((current) => current.filter((t) => t.id !== id)), 300);
  };

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="right" label="Notification">
        {children}
        {toasts.map((t) => (
          <RadixToast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => setOpen(t.id, open)}
            duration={t.duration ?? (t.tone === 'danger' ? 8000 : 5000)}
            type={t.tone === 'danger' ? 'foreground' : 'background'}
            className={`ui-toast ui-toast--${t.tone ?? 'neutral'}`}
            data-tone={t.tone ?? 'neutral'}
          >
            <RadixToast.Title className="ui-toast__title">{t.title}</RadixToast.Title>
            {t.description && <RadixToast.Description className="ui-toast__description">{t.description}</RadixToast.Description>}
            <RadixToast.Close className="ui-toast__close" aria-label="Dismiss">
              <span aria-hidden="true">×</span>
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="ui-toast__viewport" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast({ title: 'Saved', tone: 'success' })`. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
