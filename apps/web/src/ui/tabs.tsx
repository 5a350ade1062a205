import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: ReadonlyArray<TabItem>;
  /** Accessible name of the tab list. */
  label: string;
  defaultValue?: string;
  value?: string;
  onValueChange?(value: string): void;
}

/** Tabs (radix): arrow keys move between tabs, each panel is labelled by its tab. */
export function Tabs({ tabs, label, defaultValue, value, onValueChange }: TabsProps) {
  return (
    <RadixTabs.Root className="ui-tabs" defaultValue={defaultValue ?? tabs[0]?.value} value={value} onValueChange={onValueChange}>
      <RadixTabs.List className="ui-tabs__list" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} disabled={tab.disabled} className="ui-tabs__trigger">
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="ui-tabs__panel">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
