import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AuditAction, type AuditEntry, describeAuditActor } from '@guildhall/contracts/admin';
import { Button } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';
import { Table, type TableColumn } from '@/ui/table';
import { useSearchAudit } from '../api/search-audit';
import { formatTime } from './format';
import { Pager } from './pager';
import { StoredText } from '@/ui/stored-text';

const columns: Array<TableColumn<AuditEntry>> = [
  { key: 'at', header: 'When', render: (e) => formatTime(e.at) },
  { key: 'action', header: 'What', rowHeader: true, render: (e) => AUDIT_ACTION_LABELS[e.action] },
  // Who, About and From show text a client or a key's creator chose: a detail quotes a key's name, which
  // may be from before names were refused text-direction controls.
  { key: 'actor', header: 'Who', render: (e) => <StoredText text={describeAuditActor(e.actorKind, e.actor)} /> },
  {
    key: 'target',
    header: 'About',
    render: (e) => {
      const about = [e.target, e.detail].filter(Boolean).join(' · ');
      // A key's name of 100 letters without a space widened the table past the screen, and From with it.
      return about ? (
        <span className="admin-audit__about">
          <StoredText text={about} />
        </span>
      ) : (
        '—'
      );
    },
  },
  { key: 'address', header: 'From', render: (e) => (e.address === null ? 'the server' : <StoredText text={e.address} />) },
];

/** The audit log, searched and paged on the server (issue 12 item 7): newest first. */
export function AuditPanel() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  const [page, setPage] = useState(1);
  const audit = useSearchAudit({ q, action, page });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  return (
    <section className="admin__section" aria-labelledby="admin-audit">
      <h2 id="admin-audit">Audit log</h2>
      <form className="admin__form" role="search" onSubmit={submit}>
        <TextField label="Search" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={200} />
        <SelectField
          label="Event"
          value={action ?? ''}
          onChange={(e) => {
            setAction(e.target.value ? AuditAction.parse(e.target.value) : undefined);
            setPage(1);
          }}
          options={[{ value: '', label: 'All events' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))]}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {audit.isError ? (
        <p className="admin__error" role="alert">
          {audit.error.message}
        </p>
      ) : (
        <Table
          caption="Audit log entries, newest first"
          captionHidden
          columns={columns}
          rows={audit.data?.entries ?? []}
          rowKey={(e) => e.id}
          minWidth={760}
          empty={audit.isPending ? 'Loading…' : 'Nothing matches.'}
        />
      )}
      <Pager label="Audit log pages" page={page} onPage={setPage} answer={audit.data} counted="entries" previous="Newer" next="Older" />
    </section>
  );
}
