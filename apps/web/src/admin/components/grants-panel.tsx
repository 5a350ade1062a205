import { useRef, useState, type FormEvent } from 'react';
import { ADMIN_GRANT_ROLES, AdminGrantRole, type Grant } from '@guildhall/contracts/admin';
import { Button } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';
import { Table, type TableColumn } from '@/ui/table';
import { useGiveGrant } from '../api/give-grant';
import { useGrants } from '../api/get-grants';
import { useRevokeGrant } from '../api/revoke-grant';
import { ConfirmRevoke } from './confirm-revoke';
import { formatTime } from './format';
import { Pager } from './pager';

/** What each role opens (ARCHITECTURE.md §4), said in the question before it is taken away. */
const ROLE_OPENS: Record<Grant['role'], string> = {
  'bureau-staff': 'the bureau records tool',
  'recruitment-admin': 'the recruitment dashboard',
  owner: 'this console: roles, bot keys and the audit log',
};

/**
 * Grant and revoke roles (ARCHITECTURE.md §4), a page at a time (decision 0074); revoking asks first.
 * The server refuses an owner taking `owner` from themselves, so the last owner cannot be removed here.
 */
export function GrantsPanel({ ownId }: { ownId: string }) {
  const [page, setPage] = useState(1);
  const grants = useGrants(page);
  const give = useGiveGrant();
  const revoke = useRevokeGrant();
  const [discordId, setDiscordId] = useState('');
  const [role, setRole] = useState<Grant['role']>('bureau-staff');
  const [status, setStatus] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    // The message under the form is the last action's: a revoke's earlier refusal no longer shows.
    revoke.reset();
    give.mutate(
      { discordId: discordId.trim(), role },
      {
        onSuccess: (answer) => {
          setStatus(answer.changed ? `Granted ${answer.role} to ${answer.discordId}.` : `${answer.discordId} already has ${answer.role}.`);
          setDiscordId('');
        },
      },
    );
  };

  const columns: Array<TableColumn<Grant>> = [
    { key: 'discordId', header: 'Discord ID', rowHeader: true, render: (g) => <code>{g.discordId}</code> },
    { key: 'role', header: 'Role', render: (g) => g.role },
    { key: 'grantedAt', header: 'Granted', render: (g) => formatTime(g.grantedAt) },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      render: (g) =>
        g.role === 'owner' && g.discordId === ownId ? (
          <span className="admin__muted">You</span>
        ) : (
          <ConfirmRevoke
            label={`Revoke ${g.role} from ${g.discordId}`}
            question={`Revoke ${g.role} from ${g.discordId}?`}
            consequence={`They can no longer open ${ROLE_OPENS[g.role]}, from their next request. You can grant it again later.`}
            confirm="Revoke role"
            variant="secondary"
            pending={revoke.isPending}
            onRevoke={() => {
              setStatus(null);
              // A refused grant's message stayed in place of this revoke's result ("Revoked ..."), so an
              // owner revoking in a hurry was told it had failed.
              give.reset();
              revoke.mutate(
                { discordId: g.discordId, role: g.role },
                {
                  onSuccess: (a) => setStatus(`Revoked ${a.role} from ${a.discordId}.`),
                  // Owner console audit: the revoked row and the button that had focus go, and focus fell
                  // to <body>, as it did for keys (keys-panel.tsx); the heading is a fixed place to go on
                  // from, and the status line below it says what happened.
                  onSettled: () => heading.current?.focus(),
                },
              );
            }}
          />
        ),
    },
  ];

  const failure = give.error ?? revoke.error;
  return (
    <section className="admin__section" aria-labelledby="admin-grants">
      <h2 id="admin-grants" ref={heading} tabIndex={-1}>
        Roles
      </h2>
      <form className="admin__form" onSubmit={submit}>
        <TextField
          label="Discord ID"
          inputMode="numeric"
          autoComplete="off"
          value={discordId}
          onChange={(e) => setDiscordId(e.target.value)}
          required
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => setRole(AdminGrantRole.parse(e.target.value))}
          options={ADMIN_GRANT_ROLES.map((r) => ({ value: r, label: r }))}
        />
        <Button type="submit" disabled={give.isPending}>
          Grant role
        </Button>
      </form>
      <p className={failure ? 'admin__error' : 'admin__status'} role={failure ? 'alert' : 'status'}>
        {failure ? failure.message : status}
      </p>
      {grants.isError ? (
        <p role="alert">{grants.error.message}</p>
      ) : (
        <Table
          caption="Roles held"
          captionHidden
          columns={columns}
          rows={grants.data?.grants ?? []}
          rowKey={(g) => `${g.discordId}:${g.role}`}
          minWidth={520}
          empty={grants.isPending ? 'Loading…' : 'No one holds a role yet.'}
        />
      )}
      <Pager label="Roles pages" page={page} onPage={setPage} answer={grants.data} counted="roles held" />
    </section>
  );
}
