import { type FormEvent, useState } from 'react';
import { STATUS_FILTERS_ORDER } from '../lib/status-filters';
import type { StatusFilter } from '@guildhall/contracts/recruitment';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { StatusCard } from '@/ui/status-card';
import { exportCsvUrl, useApplications } from '../api/get-applications';
import { useQuestions } from '../api/get-questions';
import { useStages } from '../api/get-stages';
import { ApplicationCard } from './application-card';
import { BulkMoveBar } from './bulk-move-bar';
import { PipelineBoard } from './pipeline-board';

const PAGE_SIZE = 20;

/**
 * 000 §2 Applications tab: the filter buttons All/Pending/Accepted/Declined and one card per
 * application. Beyond 000 the filter, a username search and the paging run on the server, and the
 * same filter exports as CSV.
 */
export function ApplicationsTab() {
  const [status, setStatus] = useState<StatusFilter>('All');
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState('');
  const [page, setPage] = useState(1);
  // Issue 13 item 4: the list or the pipeline board, and the applications selected for a bulk move.
  const [view, setView] = useState<'list' | 'board'>('list');
  const [selected, setSelected] = useState<number[]>([]);
  const toggle = (id: number, on: boolean) => setSelected((current) => (on ? [...current, id] : current.filter((x) => x !== id)));
  const applications = useApplications({ status, search, page, pageSize: PAGE_SIZE });
  const stages = useStages();
  const questions = useQuestions();
  const pages = Math.max(1, Math.ceil((applications.data?.total ?? 0) / PAGE_SIZE));
  // Issue 13 item 4: a move (here or by another admin) can shrink the total under this page;
  // go to the new last page rather than show 'Page 3 of 2' and no applications. Only once the
  // answer is this page's own: the previous page's, kept while loading, may count another filter.
  if (applications.data && !applications.isPlaceholderData && page > pages) setPage(pages);
  // Issue 13 item 4: a bulk move acts only on what is on screen, so the
  // selection keeps only this page's applications (one may have left it since) and is cleared when
  // the page, the filter or the search changes.
  const onPage = new Set(applications.isPlaceholderData ? [] : applications.data?.applications.map((a) => a.id));
  const selectedOnPage = selected.filter((id) => onPage.has(id));
  const goTo = (next: { status?: StatusFilter; search?: string; page: number }) => {
    if (next.status !== undefined) setStatus(next.status);
    if (next.search !== undefined) setSearch(next.search);
    setPage(next.page);
    setSelected([]);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    goTo({ search: draft.trim(), page: 1 });
  };

  return (
    <div className="recruitment-applications">
      <div className="recruitment-view-switch" role="group" aria-label="View">
        {(['list', 'board'] as const).map((v) => (
          <Button key={v} size="sm" variant={view === v ? 'primary' : 'secondary'} aria-pressed={view === v} onClick={() => setView(v)}>
            {v === 'list' ? 'List' : 'Board'}
          </Button>
        ))}
      </div>
      {view === 'board' ? (
        <PipelineBoard />
      ) : (
        <>
          <div className="recruitment-toolbar">
            <div className="recruitment-filters" role="group" aria-label="Filter by status">
              {STATUS_FILTERS_ORDER.map((filter) => (
                <Button
                  key={filter}
                  size="sm"
                  variant={status === filter ? 'primary' : 'secondary'}
                  aria-pressed={status === filter}
                  onClick={() => goTo({ status: filter, page: 1 })}
                >
                  {filter}
                </Button>
              ))}
            </div>
            <form className="recruitment-search" role="search" onSubmit={onSearch}>
              <label className="visually-hidden" htmlFor="recruitment-search">
                Search by username
              </label>
              <input
                id="recruitment-search"
                className="ui-field__control"
                type="search"
                placeholder="Search by username"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                maxLength={100}
              />
              <Button type="submit" size="sm" variant="secondary">
                Search
              </Button>
            </form>
            <a className="ui-button ui-button--ghost ui-button--sm" href={exportCsvUrl({ status, search })} download>
              Export CSV
            </a>
          </div>

          {selectedOnPage.length > 0 && <BulkMoveBar selected={selectedOnPage} stages={stages.data ?? []} onDone={() => setSelected([])} />}
          {applications.isPending ? (
            <Spinner label="Loading applications" showLabel />
          ) : applications.isError ? (
            <StatusCard tone="danger" title="Could not load the applications">
              <p>{applications.error.message}</p>
            </StatusCard>
          ) : (
            <>
              <p className="recruitment-muted" aria-live="polite">
                {applications.data.total} application{applications.data.total === 1 ? '' : 's'}
                {search ? ` matching “${search}”` : ''}
              </p>
              {applications.data.applications.length === 0 ? (
                <p>No applications to show.</p>
              ) : (
                <ul className="recruitment-cards">
                  {applications.data.applications.map((application) => (
                    <li key={application.id} className="recruitment-cards__item">
                      <label className="recruitment-check recruitment-select">
                        <input
                          type="checkbox"
                          checked={selectedOnPage.includes(application.id)}
                          onChange={(e) => toggle(application.id, e.target.checked)}
                        />
                        Select {application.username}
                      </label>
                      {/* A change made elsewhere (a bulk move, the board, a colleague) shows through the card's own sync. */}
                      <ApplicationCard application={application} stages={stages.data ?? []} questions={questions.data ?? []} />
                    </li>
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <nav className="recruitment-pager" aria-label="Pages">
                  <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => goTo({ page: page - 1 })}>
                    Previous
                  </Button>
                  <span>
                    Page {page} of {pages}
                  </span>
                  <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => goTo({ page: page + 1 })}>
                    Next
                  </Button>
                </nav>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
