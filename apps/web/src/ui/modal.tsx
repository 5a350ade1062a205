import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactElement, type ReactNode } from 'react';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** One sentence under the title; read out when the dialog opens. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom, e.g. a primary action beside the kit's Close. */
  footer?: ReactNode;
  /** Label of the corner close button. */
  closeLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  /** An element that opens the dialog (optional: a page may open it from state, e.g. on an error). */
  trigger?: ReactElement;
}

/**
 * Where focus goes back to when a dialog opened while `focused` had focus. A dialog opened from a menu
 * item (the records tool's row 'Actions' > 'New Case') would return focus to that item, but the menu
 * has closed and removed it by then, so focus would fall to <body>: return it to the button that opened
 * the menu instead. A menu is labelled by that button (WAI-ARIA menu button pattern; radix sets
 * aria-labelledby to its trigger's id), so it is found without the page having to pass it in.
 */
function focusReturnTarget(focused: Element | null): HTMLElement | null {
  if (!(focused instanceof HTMLElement)) return null;
  const menu = focused.closest('[role="menu"]');
  const menuButtonId = menu?.getAttribute('aria-labelledby');
  const menuButton = menuButtonId ? document.getElementById(menuButtonId) : null;
  return menuButton ?? focused;
}

/**
 * A dialog (radix): focus is trapped inside and returns to the trigger, Escape and the overlay close
 * it. Used for the records tool's 'An Error Occurred' modal (001 §8) and every confirmation.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  closeLabel = 'Close',
  size = 'md',
  trigger,
}: ModalProps) {
  // Radix gives focus back only to its own Trigger; a dialog opened from state (a button elsewhere,
  // an error) would drop focus on <body>. Remember what had focus and return it there.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal__overlay" />
        <Dialog.Content
          className={`ui-modal ui-modal--${size}`}
          onOpenAutoFocus={() => {
            returnFocus.current = focusReturnTarget(document.activeElement);
          }}
          onCloseAutoFocus={(event) => {
            if (trigger || !returnFocus.current?.isConnected) return;
            event.preventDefault();
            returnFocus.current.focus();
          }}
        >
          <div className="ui-modal__header">
            <Dialog.Title className="ui-modal__title">{title}</Dialog.Title>
            <Dialog.Close className="ui-modal__close" aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="ui-modal__description">{description}</Dialog.Description>
          ) : (
            // Radix warns when a dialog has no description; an empty hidden one is the documented opt-out.
            <Dialog.Description className="visually-hidden" />
          )}
          {children !== undefined && <div className="ui-modal__body">{children}</div>}
          {footer && <div className="ui-modal__footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
