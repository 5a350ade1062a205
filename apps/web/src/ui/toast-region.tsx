import * as RadixToast from '@radix-ui/react-toast';
import type { ShownToast } from './toast';

/** The toasts on screen, drawn by Radix; toast.tsx loads this with the first toast (decision 0035). */
export default function ToastRegion({ toasts, onOpenChange }: { toasts: ShownToast[]; onOpenChange: (id: number, open: boolean) => void }) {
  return (
    <RadixToast.Provider swipeDirection="right" label="Notification">
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => onOpenChange(t.id, open)}
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
  );
}
