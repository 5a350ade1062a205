import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';
import './menu.css';

export interface MenuItem {
  label: ReactNode;
  onSelect?(): void;
  /** Shown but not choosable, e.g. 001 §4's always-disabled 'Military Record' action. */
  disabled?: boolean;
  tone?: 'default' | 'danger';
  /** Stable key when the label is not a string. */
  key?: string;
}

export interface MenuProps {
  /** The element that opens the menu (usually a Button); it receives the open state's aria props. */
  trigger: ReactElement;
  items: ReadonlyArray<MenuItem>;
  /** Width of the menu in px; 001 §9 keeps the records tool's dropdown at 200px. */
  width?: number;
  align?: 'start' | 'center' | 'end';
}

/** A dropdown menu (radix): arrow keys, typeahead, Escape, focus return. The trigger's text names the menu. */
export function Menu({ trigger, items, width = 200, align = 'end' }: MenuProps) {
  return (
    // Not modal: a modal menu sets aria-hidden on the rest of the page while its buttons stay
    // focusable (axe: aria-hidden-focus). Escape, outside clicks and focus return work the same.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="ui-menu" align={align} sideOffset={4} style={{ width }}>
          {items.map((item, index) => (
            <DropdownMenu.Item
              key={item.key ?? (typeof item.label === 'string' ? item.label : index)}
              className={`ui-menu__item${item.tone === 'danger' ? ' ui-menu__item--danger' : ''}`}
              disabled={item.disabled}
              onSelect={() => item.onSelect?.()}
            >
              {item.label as ReactNode}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
