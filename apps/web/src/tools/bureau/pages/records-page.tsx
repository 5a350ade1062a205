import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type DocumentType, RecordsIdType, type RecordsPair } from '@guildhall/contracts/bureau';
import type { CoreErrorCode } from '@guildhall/contracts/core';
import { ApiError, UNKNOWN_ERROR } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';
import { Menu } from '@/ui/menu';
import { Page } from '@/ui/page';
import { Spinner } from '@/ui/spinner';
import { Table, type TableColumn } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useDownloadRecordDocument } from '../api/download-record-document';
import { useRecordsEvents } from '../api/records-events';
import { useSearchRecords } from '../api/search-records';
import { ErrorModal } from '../components/error-modal';
import { NewCaseDialog } from '../components/new-case-dialog';
import { StaffGate } from '../components/staff-gate';
import './records-page.css';

const ID_TYPES: ReadonlyArray<{ value: RecordsIdType; label: string }> = [
  { value: 'discord', label: 'Discord ID' },
  { value: 'roblox', label: 'Roblox ID' },
];

// 001 §8 Records tool error catalogue.
const FETCH_FAILED = 'Could not fetch verification data.';
const SEARCH_FAILED = 'An unexpected error occurred during the search.';
// The server answers `database_unavailable` (503) when its database cannot be reached (core/http).
const DATABASE_DOWN = 'Database not initialized.';

/** Waits until typing pauses, so a search is not sent per keystroke. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * 001 §2 "Records tool" and "Infraction lookup page" at /bureau/records: header, search (selector +
 * text box), the live table of verified pairs with a per-row Actions menu that prints the registration
 * or infraction record, and the 'An Error Occurred' modal. Bureau staff only (ARCHITECTURE.md §1).
 */
export function RecordsPage() {
  return (
    <Page title="Bureau Records" lead="Verified Discord and Roblox pairs, with their registration and infraction records.">
      <StaffGate returnTo="/bureau/records">
        <RecordsTool />
      </StaffGate>
    </Page>
  );
}

function RecordsTool() {
  const [type, setType] = useState<RecordsIdType>('discord');
  const [text, setText] = useState('');
  // 001 §5: the search is trimmed.
  const q = useDebounced(text.trim(), 250);
  const filter = useMemo(() => ({ type, q }), [type, q]);
  const records = useSearchRecords(filter, true);
  const [live, setLive] = useState(false);
  useRecordsEvents(filter, true, setLive);

  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const download = useDownloadRecordDocument();
  const toast = useToast();
  const navigate = useNavigate();
  const [caseFor, setCaseFor] = useState<RecordsPair | null>(null);

  // A failed list read opens the modal once per failure.
  const listError = records.error;
  useEffect(() => {
    if (!listError) return;
    setError(
      listError instanceof ApiError && listError.code === ('database_unavailable' satisfies CoreErrorCode)
        ? DATABASE_DOWN
        : listError instanceof ApiError && listError.status >= 400 && listError.status < 500
          ? listError.message
          : q
            ? SEARCH_FAILED
            : FETCH_FAILED,
    );
  }, [listError, q]);

  const rows = useMemo(() => records.data?.pages.flatMap((page) => page.items) ?? [], [records.data]);
  // Issue 10 item 19: until a first page has arrived there is no count to show and no empty table
  // (a retry after a failure is loading again); a failed next page keeps the rows already shown.
  const failed = !records.data && records.isError && !records.isFetching;
  const loading = !records.data && !failed;
  const shown = loading
    ? 'Loading…'
    : failed
      ? 'Not loaded'
      : `${rows.length} ${rows.length === 1 ? 'pair' : 'pairs'} shown${records.hasNextPage ? ', more below' : ''}`;

  const print = (pair: RecordsPair, documentType: DocumentType) => {
    setWorking(pair.discordId);
    download.mutate(
      { pair, type: documentType },
      {
        onSuccess: ({ file, notice }) => {
          if (notice) toast({ title: `${file.fileName} saved`, description: notice, tone: 'warning' });
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : UNKNOWN_ERROR),
        onSettled: () => setWorking(null),
      },
    );
  };

  // Infinite scroll: the next page loads when the end of the table comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = records;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const columns: ReadonlyArray<TableColumn<{ pair: RecordsPair; index: number }>> = [
    { key: 'no', header: 'No.', render: (row) => row.index + 1, align: 'end' },
    { key: 'discord', header: 'Discord ID', render: (row) => <span className="records__id">{row.pair.discordId}</span>, rowHeader: true },
    { key: 'roblox', header: 'Roblox ID', render: (row) => <span className="records__id">{row.pair.robloxId}</span> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: ({ pair }) => {
        const busy = working === pair.discordId;
        // One print at a time: while one runs, the print items are disabled (001 §2: items in the menu
        // can be disabled), not the button, which a browser would take focus from, leaving it on <body>.
        const printing = working !== null;
        return (
          <Menu
            width={200}
            trigger={
              <Button size="sm" variant="secondary" aria-label={busy ? 'Processing...' : `Actions for ${pair.discordId}`}>
                {busy ? 'Processing...' : 'Actions'}
              </Button>
            }
            items={[
              // 001 §2 "Infraction lookup page": the infractions on screen; the spec's three items follow unchanged.
              { label: 'View Infractions', onSelect: () => void navigate(`/bureau/records/${pair.discordId}/infractions`) },
              // Issue 14 item 2: a case opened from the records tool.
              { label: 'New Case', onSelect: () => setCaseFor(pair) },
              { label: 'Registration (PDF)', disabled: printing, onSelect: () => print(pair, 'registration') },
              { label: 'Infraction Record (PDF)', disabled: printing, onSelect: () => print(pair, 'infraction') },
              // 001 §4: the Military Record action is always disabled.
              { label: 'Military Record (PDF)', disabled: true },
            ]}
          />
        );
      },
    },
  ];

  return (
    <div className="records">
      <form className="ui-panel records__search" role="search" aria-label="Search records" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label="Search by"
          value={type}
          options={ID_TYPES}
          onChange={(event) => setType(RecordsIdType.parse(event.target.value))}
        />
        <TextField
          label={ID_TYPES.find((t) => t.value === type)!.label}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Type part of an ID"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={25}
        />
      </form>
      <p className="records__status" aria-live="polite">
        <span className={`records__live${live ? ' records__live--on' : ''}`} aria-hidden="true" />
        {live ? 'Live' : 'Connecting…'} · {shown}
      </p>
      {loading ? (
        <div className="records__loading">
          <Spinner label="Loading verified pairs" size="lg" />
        </div>
      ) : failed ? (
        <div className="records__gate">
          <p>The verified pairs could not be loaded.</p>
          <Button variant="secondary" onClick={() => void records.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Table
            caption="Verified pairs"
            captionHidden
            minWidth={640}
            columns={columns}
            rows={rows.map((pair, index) => ({ pair, index }))}
            rowKey={(row) => row.pair.discordId}
            empty={q ? 'No pairs match this search.' : 'No verified pairs yet.'}
          />
          <div ref={sentinel} className="records__more">
            {records.isFetchingNextPage ? (
              <Spinner label="Loading more pairs" size="sm" showLabel />
            ) : records.hasNextPage ? (
              <Button variant="ghost" onClick={() => void records.fetchNextPage()}>
                Load more
              </Button>
            ) : null}
          </div>
        </>
      )}
      <ErrorModal message={error} onClose={() => setError(null)} />
      <NewCaseDialog pair={caseFor} onClose={() => setCaseFor(null)} />
    </div>
  );
}
