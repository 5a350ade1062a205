import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeAdminApplication } from '@guildhall/testkit/recruitment-demo';
import { type AdminApplication, type Stage, TOTAL_COUNT_HEADER } from '@guildhall/contracts/recruitment';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { ApplicationsTab } from './applications-tab';

const API = '/recruitment/api';
const PAGE_SIZE = 20;
const stages: Stage[] = [
  { id: 1, name: 'Application Received', ordering: 1, color: '#6c757d' },
  { id: 2, name: 'Accepted', ordering: 2, color: '#198754' },
  { id: 3, name: 'Declined', ordering: 3, color: '#dc3545' },
];
const application = (id: number): AdminApplication => makeAdminApplication(id);

/**
 * A server holding `all` (ids 1..n), answering the list by status and page with the total in the
 * X-Total-Count header, as the real one does.
 */
function server(all: AdminApplication[]) {
  const matching = (url: URL) => {
    const status = url.searchParams.get('status') ?? 'All';
    return all.filter((a) => status === 'All' || a.status === status);
  };
  const fake = fakeServer({
    [`GET ${API}/stages`]: () => [200, stages],
    [`GET ${API}/questions`]: () => [200, []],
    [`GET ${API}/applications`]: ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return [200, matching(url).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)];
    },
    [`POST ${API}/applications/bulk-update`]: ({ body }) => {
      const { ids } = body as { ids: number[] };
      all = all.filter((a) => !ids.includes(a.id));
      return [200, { updated: ids, failed: [] }];
    },
    [`POST ${API}/applications/2/update`]: () => {
      all = all.map((a) => (a.id === 2 ? { ...a, status: 'Accepted', stageId: 2, stageName: 'Accepted' } : a));
      return [200, { success: true, status: 'Accepted', stageId: 2, feedback: null }];
    },
  });
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await answer(input, init);
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== `${API}/applications`) return response;
    const headers = new Headers(response.headers);
    headers.set(TOTAL_COUNT_HEADER, String(matching(url).length));
    return new Response(await response.text(), { status: response.status, headers });
  });
  return fake;
}

const bulkBar = () => screen.queryByRole('form', { name: 'Move selected applications' });

const checkbox = (id: number) => screen.getByRole('checkbox', { name: `Select applicant.${id}` });
const posts = (calls: ReturnType<typeof fakeServer>['calls']) => calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('issue 13 item 4: the list’s paging and selection', () => {
  it('goes to the new last page when a bulk move leaves fewer pages than the one shown', async () => {
    server(Array.from({ length: 45 }, (_, i) => application(i + 1)));
    renderWithApp(<ApplicationsTab />);
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    // The last page's five leave the list: 40 remain, two pages.
    for (const id of [41, 42, 43, 44, 45]) await userEvent.click(checkbox(id));
    await userEvent.selectOptions(within(bulkBar()!).getByRole('combobox', { name: /Move to stage/ }), 'Declined');
    await userEvent.click(within(bulkBar()!).getByRole('button', { name: 'Move 5 selected' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Select applicant.40' })).toBeInTheDocument();
    expect(screen.queryByText('No applications to show.')).not.toBeInTheDocument();
  });

  it('clears the selection when the page, the filter or the search changes', async () => {
    server(Array.from({ length: 25 }, (_, i) => application(i + 1)));
    renderWithApp(<ApplicationsTab />);
    await screen.findByText('Page 1 of 2');
    await userEvent.click(checkbox(1));
    expect(bulkBar()).toHaveTextContent('1 selected');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(bulkBar()).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 1 of 2');
    expect(checkbox(1)).not.toBeChecked();
    expect(bulkBar()).not.toBeInTheDocument();

    await userEvent.click(checkbox(1));
    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    expect(bulkBar()).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select applicant.1' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by username' }), 'applicant{Enter}');
    expect(bulkBar()).not.toBeInTheDocument();
    await waitFor(() => expect(checkbox(1)).not.toBeChecked());
  });

  it('moves only the selected applications still on the page', async () => {
    const calls = server([application(1), application(2), application(3)]).calls;
    renderWithApp(<ApplicationsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pending' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select applicant.1' }));
    await userEvent.click(checkbox(2));
    expect(bulkBar()).toHaveTextContent('2 selected');
    // Accepted from its own card, applicant.2 leaves the Pending list.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Change stage of applicant.2' }), 'Accepted');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Select applicant.2' })).not.toBeInTheDocument());
    expect(bulkBar()).toHaveTextContent('1 selected');
    await userEvent.selectOptions(within(bulkBar()!).getByRole('combobox', { name: /Move to stage/ }), 'Declined');
    await userEvent.click(within(bulkBar()!).getByRole('button', { name: 'Move 1 selected' }));
    await screen.findByText('1 application moved to Declined.', { selector: '.ui-toast__title' });
    expect(posts(calls).at(-1)).toEqual([`${API}/applications/bulk-update`, { ids: [1], stageId: 3 }]);
  });
});
