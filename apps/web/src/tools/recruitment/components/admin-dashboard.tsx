import { Page } from '@/ui/page';
import { Tabs } from '@/ui/tabs';
import { ApplicationsTab } from './applications-tab';
import { ReportsTab } from './reports-tab';
import { SettingsTab } from './settings-tab';

/** 000 §2 Admin view: 'Admin Dashboard' with the Applications and Settings tabs. */
export function AdminDashboard() {
  return (
    <Page title="Admin Dashboard">
      <Tabs
        label="Admin Dashboard"
        tabs={[
          { value: 'applications', label: 'Applications', content: <ApplicationsTab /> },
          { value: 'settings', label: 'Settings', content: <SettingsTab /> },
          // Issue 13 item 7: beside 000's two tabs.
          { value: 'reports', label: 'Reports', content: <ReportsTab /> },
        ]}
      />
    </Page>
  );
}
