import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CheckStatusQuery } from '@guildhall/contracts/bureau';
import { useTools } from '@/api/get-tools';
import { Page } from '@/ui/page';
import { StatusCard } from '@/ui/status-card';
import { useCheckStatus } from '../api/check-status';
import { CheckerForm } from '../components/checker-form';
import { CheckerResult } from '../components/checker-result';
import { checkerQueryFromSearch, checkerSearchFor } from '../lib/checker-url';
import './checker-page.css';

/**
 * 001 §2 Status checker, public (001 §6). States (001 §4): idle, checking, then one result card.
 * A server refusal (a malformed ID, too many requests) shows the server's own sentence.
 * The check lives in the address (?type=&id=, lib/checker-url.ts): the records' QR code opens a check,
 * and a person's check can be shared or bookmarked.
 */
export function CheckerPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => checkerQueryFromSearch(params), [params]);
  const status = useCheckStatus(query);
  const busy = status.isFetching;
  // The staff view of bookings belongs to the appointments tool, which a deployment may switch off.
  const tools = useTools();
  const hasAppointments = tools.data?.tools.some((tool) => tool.id === 'appointments') ?? false;

  const check = (next: CheckStatusQuery) => {
    // The same ID again is a fresh check: the key does not change, so ask the query to run again.
    if (query && query.type === next.type && query.id === next.id) void status.refetch();
    else setParams(checkerSearchFor(next));
  };

  return (
    <Page
      title="Verification Status Checker"
      lead="Look up a user by Discord ID or Roblox ID to see whether they are verified and whether their Roblox account is banned."
      width="narrow"
    >
      <div className="checker">
        <CheckerForm busy={busy} onCheck={check} current={query} />
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
        {/* The home page lists one path per tool, so the staff tools are reached from here; each asks for its own sign-in. */}
        <nav className="checker__staff" aria-label="Bureau staff tools">
          <span>Bureau staff:</span>
          <Link to="/bureau/records">Records</Link>
          {hasAppointments && <Link to="/bureau/appointments">Appointments</Link>}
        </nav>
      </div>
    </Page>
  );
}
