import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Tone } from './status-card';
import './toast.css';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  tone?: Tone;
  /** Milliseconds before it hides; errors stay longer by default. */
  duration?: number;
}

export interface ShownToast extends ToastOptions {
  id: number;
  open: boolean;
}

/** Shows a toast; answers a function that closes it early (an Undo that is done). */
type ShowToast = (options: ToastOptions) => () => void;

const ToastContext = createContext<ShowToast | null>(null);

const loadRegion = () => import('./toast-region');
const ToastRegion = lazy(loadRegion);

/** Holds the toasts of the whole app; mounted once in main.tsx. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  const close = useCallback((id: number) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    // Leave time for the closing animation before the toast leaves the tree.
    window.setTimeout(() => setToasts((current) => current.filter((t) => t.id !== id)), 300);
  }, []);

  const show = useCallback<ShowToast>(
    (options) => {
      const id = nextId.current++;
      setToasts((current) => [...current.slice(-4), { ...options, id, open: true }]);
      return () => close(id);
    },
    [close],
  );

  const setOpen = (id: number, open: boolean) => {
    if (!open) close(id);
  };

  // Fetched once the page is up, so the first toast does not wait for it.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadRegion(), 2_000);
    return () => window.clearTimeout(timer);
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Decision 0035: Radix's toast code loads with the first toast, not before every page paints. */}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastRegion toasts={toasts} onOpenChange={setOpen} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast({ title: 'Saved', tone: 'success' })`; the answer closes it. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
