import { useMe } from '@/api/get-me';
import { Page } from '@/ui/page';
import { AuditPanel } from './components/audit-panel';
import { GrantsPanel } from './components/grants-panel';
import { KeysPanel } from './components/keys-panel';
import { OwnerGate } from './components/owner-gate';
import './admin-page.css';

/** /admin: the owner console (issue 12 item 7): roles, bot keys and the audit log. */
export function AdminPage() {
  const me = useMe();
  return (
    <Page title="Owner console" lead="Roles, bot API keys, and who signed in or changed them.">
      <OwnerGate>
        <div className="admin">
          <GrantsPanel ownId={me.data?.identity?.subject ?? ''} />
          <KeysPanel />
          <AuditPanel />
        </div>
      </OwnerGate>
    </Page>
  );
}
