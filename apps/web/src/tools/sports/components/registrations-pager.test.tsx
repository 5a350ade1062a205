import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type AdminRegistrationRow,
  REGISTRATIONS_NEXT_HEADER,
  REGISTRATIONS_PAGE_SIZE,
  REGISTRATIONS_TOTAL_HEADER,
  type RegistrationStatus,
} from '@guildhall/contracts/sports';
import { makeSportAnswer } from '@guildhall/testkit/sports-demo';
import { type Answer, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import type { SportsSession } from '../lib/session';
import { AdminPanel } from './admin-panel';

// Decision 0070: the Admin Panel's list (002 §2) arrives a page at a time from the server, filtered
// there; "Load more" adds the next page, by mouse or keyboard, and the keyboard goes on from its first row.

const LIST = '/sports/api/admin/sport-registrations';
const session: SportsSession = { token: 't0k', role: 'sports_lead', userId: 4, studentId: '90000004', email: 'lead@school.test' };
const config = { sovietStudentId: '68961917', levelPrefixes: { morton: ['6896'], morplai: ['6898'] }, timeZone: 'Asia/Bangkok' };

const row = (i: number): AdminRegistrationRow => ({
  registration_id: 1000 + i,
  student_id: String(68960000 + i),
  student_email: `student${i}@school.test`,
  registration_date: new Date(Date.UTC(2026, 4, 11, 3, i)).toISOString(),
  status: i % 4 === 0 ? 'reserve' : 'pending_selection',
  waiting_position: null,
});

/**
 * The server's side of the list, as the route answers it: rows after the cursor, `limit` of them, the
 * total and the next cursor in headers. `hold` keeps the answer to a page with a cursor until released.
 */
function serve(rows: readonly AdminRegistrationRow[], options: { failNext?: boolean; hold?: Promise<void> } = {}) {
  const matching = (url: URL) => rows.filter((r) => !url.searchParams.get('status') || r.status === url.searchParams.get('status'));
  fakeServer({
    'GET /sports/api/config': () => [200, config],
    'GET /sports/api/sports': () => [200, [makeSportAnswer(1, { name: 'Futsal' })]],
    'GET /sports/api/settings/registration-status': () => [200, { isRegistrationOpen: true }],
    'GET /sports/api/admin/registration-counts': () => [
      200,
      { sport_id: 1, total_spots: 10, counts: { pending_selection: 90, selected: 0, reserve: 30, not_selected: 0 } },
    ],
    [`GET ${LIST}`]: async ({ url }): Promise<Answer> => {
      const after = url.searchParams.get('after');
      if (after && options.failNext) return [503, { error: 'The database is not answering.', code: 'unavailable' }];
      if (after) await options.hold;
      const list = matching(url);
      const from = after ? list.findIndex((r) => String(r.registration_id) === after) + 1 : 0;
      return [200, list.slice(from, from + Number(url.searchParams.get('limit')))];
    },
  });
  // The fake answers bodies only; the headers are the route's (REGISTRATIONS_*_HEADER).
  const asked: string[] = [];
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === LIST) asked.push(url.search);
    const response = await answer(input, init);
    if (url.pathname !== LIST || !response.ok) return response;
    const body = await response.text();
    const page = JSON.parse(body) as AdminRegistrationRow[];
    const list = matching(url);
    const headers = new Headers(response.headers);
    headers.set(REGISTRATIONS_TOTAL_HEADER, String(list.length));
    const last = page.at(-1);
    if (last && last.registration_id !== list.at(-1)?.registration_id) headers.set(REGISTRATIONS_NEXT_HEADER, String(last.registration_id));
    return new Response(body, { status: response.status, headers });
  });
  /** The list's query strings, in the order asked. */
  return asked;
}

const shownRows = () => screen.getAllByTestId('registration-row');
const loadMore = () => screen.getByRole('button', { name: /^(Load more|Loading more…)$/ });

function renderPanel() {
  renderWithApp(<AdminPanel session={session} onLoadFailure={vi.fn()} />);
}

// 120 rows, each with a status select, take happy-dom a few seconds to draw when other files run beside.
describe('decision 0070: the Admin Panel list a page at a time', { timeout: 20_000 }, () => {
  const all = Array.from({ length: 120 }, (_, i) => row(i + 1));

  it('shows the first page, then the next ones on "Load more" by keyboard, focus on the first new row', async () => {
    const asked = serve(all);
    const user = userEvent.setup();
    renderPanel();
    await waitFor(() => expect(shownRows()).toHaveLength(REGISTRATIONS_PAGE_SIZE));
    expect(screen.getByText('Showing 50 of 120 registrations')).toHaveAttribute('role', 'status');
    expect(within(shownRows()[0]!).getByRole('rowheader')).toHaveTextContent('68960001');

    loadMore().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownRows()).toHaveLength(100));
    // The keyboard goes on from the first row the page added.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Choose 68960051' })).toHaveFocus());
    expect(screen.getByText('Showing 100 of 120 registrations')).toBeInTheDocument();

    // The last page: the button goes, and the focus is already on that page's first row, not lost.
    loadMore().focus();
    await user.keyboard(' ');
    await waitFor(() => expect(shownRows()).toHaveLength(120));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Choose 68960101' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Showing 120 of 120 registrations')).toBeInTheDocument();
    expect(shownRows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual(all.map((r) => r.student_id));

    // Every call was a page of the spec's call, never the whole list; each went on from the last row shown.
    expect(asked).toEqual(['?sportId=1&limit=50', '?sportId=1&limit=50&after=1050', '?sportId=1&limit=50&after=1100']);
  });

  // A paged list's header box chooses what is shown; its name says so ("every row" read as all 120).
  it('the header box chooses every row listed, and says so', async () => {
    serve(all);
    const user = userEvent.setup();
    renderPanel();
    await waitFor(() => expect(shownRows()).toHaveLength(REGISTRATIONS_PAGE_SIZE));
    await user.click(screen.getByRole('checkbox', { name: 'Choose every row listed' }));
    expect(screen.getByRole('button', { name: 'Change 50 chosen' })).toBeInTheDocument();
  });

  it('asks the server for one status when the lead picks it, from its first page', async () => {
    const asked = serve(all);
    const user = userEvent.setup();
    renderPanel();
    await waitFor(() => expect(shownRows()).toHaveLength(REGISTRATIONS_PAGE_SIZE));
    await user.selectOptions(screen.getByLabelText('Show'), 'reserve' satisfies RegistrationStatus);
    await waitFor(() => expect(shownRows()).toHaveLength(30));
    expect(screen.getByText('Showing 30 of 30 registrations')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Filtered on the server, not in the page: the second call names the status.
    expect(asked).toEqual(['?sportId=1&limit=50', '?sportId=1&status=reserve&limit=50']);
  });

  it('says "Loading more…" while the page comes, keeping the button and its focus', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve(all, { hold });
    const user = userEvent.setup();
    renderPanel();
    await waitFor(() => expect(shownRows()).toHaveLength(REGISTRATIONS_PAGE_SIZE));
    loadMore().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(loadMore()).toHaveTextContent('Loading more…'));
    expect(loadMore()).toHaveAttribute('aria-disabled', 'true');
    expect(loadMore()).not.toBeDisabled();
    expect(loadMore()).toHaveFocus();
    release();
    await waitFor(() => expect(shownRows()).toHaveLength(100));
  });

  it('tells a failed page under the rows already shown, which stay', async () => {
    serve(all, { failNext: true });
    const user = userEvent.setup();
    renderPanel();
    await waitFor(() => expect(shownRows()).toHaveLength(REGISTRATIONS_PAGE_SIZE));
    loadMore().focus();
    await user.keyboard('{Enter}');
    // After the query client's two retries of a 503 (query-client.ts), about 3 s.
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Failed to load registrations: The database is not answering.',
    );
    expect(shownRows()).toHaveLength(REGISTRATIONS_PAGE_SIZE);
    expect(loadMore()).toHaveTextContent('Load more');
    expect(loadMore()).toHaveFocus();
  });
});
