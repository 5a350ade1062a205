import { useEffect } from 'react';
import { Button } from '@/ui/button';

interface PagerProps {
  /** Names the navigation landmark, e.g. "Audit log pages". */
  label: string;
  page: number;
  onPage(page: number): void;
  /** The page the server last answered (decision 0074: every list is paged on the server), once there is one. */
  answer: { page: number; pageSize: number; total: number } | undefined;
  /** What the total counts, e.g. "entries". */
  counted: string;
  previous?: string;
  next?: string;
}

/**
 * The console's pager (the audit log's, decision 0027; the roles and keys use it since 0074): the page
 * and how many pages there are, between a button back and one on.
 */
export function Pager({ label, page, onPage, answer, counted, previous = 'Previous', next = 'Next' }: PagerProps) {
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  // A revoke that empties the last page leaves it past the end: go back to the new last page, once the
  // server has answered for this page (not while the previous page is still shown).
  const pastTheEnd = answer !== undefined && answer.page === page && page > pages;
  useEffect(() => {
    if (pastTheEnd) onPage(pages);
  }, [pastTheEnd, pages, onPage]);
  // Owner console audit: the buttons are aria-disabled, not disabled. Older pressed onto the last page
  // (Newer onto the first) disabled the button that had focus, and focus fell to <body>.
  return (
    <nav className="admin__pager" aria-label={label}>
      <Button variant="secondary" size="sm" aria-disabled={page <= 1} onClick={() => page > 1 && onPage(page - 1)}>
        {previous}
      </Button>
      <span aria-live="polite">
        Page {Math.min(page, pages)} of {pages} · {answer?.total ?? 0} {counted}
      </span>
      <Button variant="secondary" size="sm" aria-disabled={page >= pages} onClick={() => page < pages && onPage(page + 1)}>
        {next}
      </Button>
    </nav>
  );
}
