// Component tests render the real component inside a real QueryClient (issue 11 item 7). Where a
// component calls the server, the test answers at the network boundary only: window.fetch is replaced
// by a tiny table of routes, so every line of our own code (api client, hooks, components) runs.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../ui/toast';

/** What a route answers: a status and a JSON body (or a promise of one, to hold a request open). */
export type Answer = [status: number, body?: unknown];
export type Route = (request: { url: URL; body: unknown; headers: Headers }) => Answer | Promise<Answer>;

export interface FakeServer {
  /** Every request the page made, in order, as `METHOD /path`. */
  calls: Array<{ method: string; path: string; body: unknown; headers: Headers }>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers `fetch` from `routes` (keys like 'POST /timetable/api/login'); anything else is a 404. */
export function fakeServer(routes: Record<string, Route>): FakeServer {
  const server: FakeServer = { calls: [] };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    server.calls.push({ method, path: url.pathname, body, headers });
    const route = routes[`${method} ${url.pathname}`];
    const [status, answer] = route ? await route({ url, body, headers }) : [404, { error: 'Not found.', code: 'not_found' }];
    return new Response(answer === undefined ? null : JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  return server;
}

/** Renders inside the app's providers: a fresh QueryClient (the app's own settings), toasts, a router. */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}): RenderResult {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** GET /auth/api/me's answer for a Discord sign-in holding `grants`. */
export const discordMe = (grants: string[]) => ({
  identity: { kind: 'discord', subject: '867684895948800001', displayName: 'staff.sam', avatar: null, grants },
  devSignIn: false,
});
