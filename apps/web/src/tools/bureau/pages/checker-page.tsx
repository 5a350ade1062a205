import { useState } from 'react';
import type { CheckStatusQuery } from '@guildhall/contracts/bureau';
import { Page } from '../../../ui/page';
import { StatusCard } from '../../../ui/status-card';
import { useCheckStatus } from '../api/check-status';
import { CheckerForm } from '../components/checker-form';
import { CheckerResult } from '../components/checker-result';
import './checker-page.css';

/**
 * 001 §2 Status checker, public (001 §6). States (001 §4): idle, checking, then one result card.
 * A server refusal (a malformed ID, too many requests) shows the server's own sentence.
 */
export function CheckerPage() {
  const [query, setQuery] = useState<CheckStatusQuery | null>(null);
  const status = useCheckStatus(query);
  const busy = status.isFetching;

  const check = (next: CheckStatusQuery) => {
    // The same ID again is a fresh check: the key does not change, so ask the query to run again.
    if (query && query.type === next.type && query.id === next.id) void status.refetch();
    else setQuery(next);
  };

  return (
    <Page
      title="Verification Status Checker"
      lead="Look up a user by Discord ID or Roblox ID to see whether they are verified and whether their Roblox account is banned."
      width="narrow"
    >
      <div className="checker">
        <CheckerForm busy={busy} onCheck={check} />
        {/* Always on the page, so the card that appears in it is read out (001 §4: the result follows the check). */}
        <div className="checker__result" aria-live="polite">
          {query === null || busy ? null : status.isError ? (
            <StatusCard tone="danger" title="Could not check this ID">
              <p>{status.error.message}</p>
            </StatusCard>
          ) : status.data ? (
            <CheckerResult answer={status.data} />
          ) : null}
        </div>
      </div>
    </Page>
  );
}
