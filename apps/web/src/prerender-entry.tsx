import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, type DehydratedState, type FetchQueryOptions, type Query, type QueryClient } from '@tanstack/react-query';
import { AppProviders } from './app-providers';
import { setDefaultTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';

/** How many times a page is drawn while its answers come in (a query enabled by another's answer waits a round). */
const MAX_ROUNDS = 4;

// Decision 0039: each page being rendered for a request has its own way to ask the server (the
// visitor's own cookies); the calls a render makes find it here, never another visitor's.
const requestTransport = new AsyncLocalStorage<typeof fetch>();
setDefaultTransport((input, init) => {
  const transport = requestTransport.getStore();
  if (!transport) return Promise.reject(new Error('No server transport: a call made outside renderPageWithData'));
  return transport(input, init);
});

async function renderToString(queryClient: QueryClient, location: string): Promise<string> {
  // A page that throws while rendering (say it reads window) must fail, not ship a spinner.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    {
      onError: (error) => void errors.push(error),
      // Never outlined: React moves a Suspense boundary over this size (12.8 kB by default; the bot API
      // document) out of place, behind its fallback, for an inline script to swap in, which the CSP
      // (script-src 'self') does not run. The page is sent whole, so it paints whole before any JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw new Error(`${location} failed to render`, { cause: errors[0] });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Whether the page asked for this query now (`enabled`). Query.isDisabled() cannot say: on the server
 * nothing subscribes, and it counts a query nobody observes and nobody fetched yet as disabled.
 */
function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/**
 * Decision 0035: `npm run build` renders the public and first-visit pages to HTML with this module
 * (scripts/prerender.ts builds it for Node). Nothing is fetched: a query renders its loading state,
 * as the browser's first render does, so the page hydrates without a mismatch. `prerenderToNodeStream`
 * waits for the lazily loaded tool chunks, so the HTML carries the page, not the loading spinner.
 */
export function renderPage(pathname: string): Promise<string> {
  return renderToString(createQueryClient(), pathname);
}

/**
 * Decision 0039: the same page for one request, with the answers its first screen needs. The page is
 * drawn, the queries it asked for are answered through `transport` (the server answering in-process
 * with the visitor's own cookies), and it is drawn again until it asks for nothing new. The answers go
 * with the HTML as TanStack Query's dehydrated state (the successful ones: the browser asks a failed
 * one again itself). `complete` is false when an answer failed or the page kept asking: the markup
 * then shows what the browser's first render would not, and must not be hydrated.
 */
export async function renderPageWithData(
  pathname: string,
  transport: typeof fetch,
): Promise<{ markup: string; state: DehydratedState; complete: boolean }> {
  // No retries: a failed answer makes the page fall back at once rather than hold its HTML.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  for (let round = 1; ; round++) {
    const markup = await renderToString(queryClient, pathname);
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query));
    if (waiting.length === 0 || round === MAX_ROUNDS) {
      const failed = queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === 'error');
      return { markup, state: dehydrate(queryClient), complete: waiting.length === 0 && !failed };
    }
    // prefetchQuery never throws: a failed answer stays in the cache as the query's error.
    await requestTransport.run(transport, () =>
      Promise.all(waiting.map((query) => queryClient.prefetchQuery(query.options as FetchQueryOptions))),
    );
  }
}
