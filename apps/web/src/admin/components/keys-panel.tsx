import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  API_KEY_SCOPE_ALLOWS,
  type ApiKeyInfo,
  type ApiKeyScope,
  type ApiKeysQuery,
  type CreateApiKeyAnswer,
} from '@guildhall/contracts/admin';
import { showStoredText } from '@guildhall/contracts/stored-text';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { StatusCard } from '@/ui/status-card';
import { Table, type TableColumn } from '@/ui/table';
import { Tag } from '@/ui/tag';
import { useApiKeys } from '../api/get-api-keys';
import { useCreateApiKey } from '../api/create-api-key';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ConfirmRevoke } from './confirm-revoke';
import { formatTime } from './format';
import { Pager } from './pager';
import { StoredText } from '@/ui/stored-text';

/**
 * Bot API keys: created here with the secret shown once (the server keeps only its hash), revoked here.
 * Issue 14 item 4: a new key holds the scopes ticked, each shown with what it allows; the server checks
 * them against the same contracts (bureau-bot, ticked at first, holds every bureau call).
 * Decision 0074: a page at a time, newest first, live keys only unless "Show revoked keys" is ticked
 * (the server filters: a revoked key stays in the table for the audit log).
 */
export function KeysPanel() {
  const [page, setPage] = useState(1);
  const [revoked, setRevoked] = useState<ApiKeysQuery['revoked']>('hide');
  const keys = useApiKeys({ page, revoked });
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ApiKeyScope[] | null>(null);
  const [created, setCreated] = useState<CreateApiKeyAnswer | null>(null);
  const [copied, setCopied] = useState<'not yet' | 'copied' | 'refused'>('not yet');
  const secret = useRef<HTMLElement>(null);
  const [status, setStatus] = useState<ReactNode>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The server's list, in its order; a scope this page has no words for is not offered.
  const scopes = (keys.data?.scopes ?? []).filter((s): s is ApiKeyScope => s in API_KEY_SCOPE_ALLOWS);
  const ticked = chosen ?? scopes.slice(0, 1);
  const toggle = (scope: ApiKeyScope, on: boolean) => setChosen(scopes.filter((s) => (s === scope ? on : ticked.includes(s))));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    setStatus(null);
    // The alert is the last action's: a revoke's earlier refusal no longer shows beside a new key.
    revoke.reset();
    create.mutate(
      { name, scopes: ticked },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setCopied('not yet');
          setName('');
          setChosen(null);
        },
      },
    );
  };

  const columns: Array<TableColumn<ApiKeyInfo>> = [
    // A name of 100 characters without a space wraps (it pushed Revoke 1,400 px to the right at 390 px).
    {
      key: 'name',
      header: 'Name',
      rowHeader: true,
      render: (k) => (
        <span className="admin-keys__name">
          <StoredText text={k.name} />
        </span>
      ),
    },
    { key: 'id', header: 'ID', render: (k) => <code>{k.id}</code> },
    { key: 'scopes', header: 'Scopes', render: (k) => k.scopes.join(', ') },
    { key: 'createdAt', header: 'Created', render: (k) => formatTime(k.createdAt) },
    { key: 'lastUsedAt', header: 'Last used', render: (k) => formatTime(k.lastUsedAt) },
    {
      key: 'state',
      header: 'State',
      render: (k) => (k.revokedAt === null ? <Tag tone="success">Live</Tag> : <Tag tone="neutral">Revoked {formatTime(k.revokedAt)}</Tag>),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      render: (k) =>
        k.revokedAt === null && (
          <ConfirmRevoke
            label={`Revoke key ${showStoredText(k.name)} (${k.id})`}
            question={
              <>
                Revoke key “<StoredText text={k.name} />” ({k.id})?
              </>
            }
            consequence="A bot using this key is refused from its next call. A revoked key cannot be brought back: the bot will need a new key."
            confirm="Revoke key"
            pending={revoke.isPending}
            // The new key's card goes with the key: it kept offering a revoked secret to copy.
            onRevoke={() => {
              setStatus(null);
              // A refused create's message stayed on screen after this revoke had worked.
              create.reset();
              revoke.mutate(k.id, {
                onSuccess: () => {
                  setCreated((shown) => (shown?.info.id === k.id ? null : shown));
                  setStatus(
                    <>
                      Revoked key “<StoredText text={k.name} />” ({k.id}).
                    </>,
                  );
                },
                // Owner console audit: the revoke changes or removes the row whose button had focus, and
                // focus fell to <body>; the section's heading is a fixed place to go on from, and the
                // status line below it says what happened.
                onSettled: () => heading.current?.focus(),
              });
            }}
          />
        ),
    },
  ];

  const failure = create.error ?? revoke.error;
  return (
    <section className="admin__section" aria-labelledby="admin-keys">
      <h2 id="admin-keys" ref={heading} tabIndex={-1}>
        Bot API keys
      </h2>
      <form className="admin__form admin__form--stacked" onSubmit={submit}>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
        <fieldset className="admin__scopes">
          <legend>Scopes</legend>
          {scopes.map((s) => (
            <label key={s} className="admin__scope">
              <input type="checkbox" checked={ticked.includes(s)} onChange={(e) => toggle(s, e.target.checked)} />
              <span>
                <code>{s}</code>
                <span className="admin__muted">{API_KEY_SCOPE_ALLOWS[s]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={create.isPending || scopes.length === 0}>
          Create key
        </Button>
      </form>
      {/* On the page from the start, so a screen reader reads out a revoke's outcome (as the roles panel). */}
      <p className={failure ? 'admin__error' : 'admin__status'} role={failure ? 'alert' : 'status'}>
        {failure ? failure.message : status}
      </p>
      {created && (
        <StatusCard tone="success" title={`Key “${created.info.name}” created`} live>
          <p>
            Copy it now: it is shown only this once. Send it as <code>Authorization: Bearer &lt;key&gt;</code>.
          </p>
          <p className="admin__secret">
            <code aria-label="New API key" ref={secret}>
              {created.key}
            </code>
          </p>
          <div className="admin__actions">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                // Owner console audit: without the clipboard API (a page served over plain HTTP from another
                // address than localhost) or with its permission refused, the click did nothing and said
                // nothing. The key is selected instead, for the owner's own copy.
                const refused = () => {
                  setCopied('refused');
                  if (secret.current) window.getSelection()?.selectAllChildren(secret.current);
                };
                if (!navigator.clipboard) return refused();
                void navigator.clipboard.writeText(created.key).then(() => setCopied('copied'), refused);
              }}
            >
              {copied === 'copied' ? 'Copied' : 'Copy key'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setCreated(null);
                // The card and this button go: focus goes to the section's heading, not <body>.
                heading.current?.focus();
              }}
            >
              Done
            </Button>
          </div>
          {copied === 'refused' && (
            <p role="alert">This browser did not let the page copy the key. It is selected above for you to copy.</p>
          )}
        </StatusCard>
      )}
      <label className="admin__toggle">
        <input
          type="checkbox"
          checked={revoked === 'show'}
          onChange={(e) => {
            setRevoked(e.target.checked ? 'show' : 'hide');
            setPage(1);
          }}
        />
        Show revoked keys
      </label>
      {keys.isError ? (
        <p role="alert">{keys.error.message}</p>
      ) : (
        <Table
          caption={revoked === 'show' ? 'Bot API keys, revoked ones too, newest first' : 'Live bot API keys, newest first'}
          captionHidden
          columns={columns}
          rows={keys.data?.keys ?? []}
          rowKey={(k) => k.id}
          minWidth={720}
          empty={keys.isPending ? 'Loading…' : revoked === 'show' ? 'No keys yet.' : 'No live keys.'}
        />
      )}
      <Pager label="Bot API key pages" page={page} onPage={setPage} answer={keys.data} counted="keys" />
    </section>
  );
}
