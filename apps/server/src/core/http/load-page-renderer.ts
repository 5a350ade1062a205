import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/session-store';

/** What scripts/prerender.ts writes beside the prerendered pages (decision 0039). */
const RENDERED_INDEX = 'rendered.json';
const RENDER_OUTLET = '<!--guildhall-page-->';
/** The element main.tsx reads TanStack Query's state from. */
const STATE_ELEMENT_ID = 'query-state';

/** apps/web/src/prerender-entry.tsx, built for Node. */
interface RenderModule {
  renderPageWithData(pathname: string, transport: typeof fetch): Promise<{ markup: string; state: unknown; complete: boolean }>;
}

/** The headers of the visitor's request an answer may depend on; nothing else reaches the API. */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent', 'host'] as const;
/** Answer headers a page may read (000 §7: X-Total-Count); never Set-Cookie, which stays the browser's business. */
const KEPT_HEADERS = ['content-type', 'x-total-count'] as const;

interface Template {
  /** The page's HTML with RENDER_OUTLET where the drawn markup goes. */
  template: string;
  /** The build's page (its loading state), not marked for hydration: for a visitor with a session. */
  built: string;
  /** For a path with `:name` segments, what matches the paths it stands for. */
  pattern: RegExp | null;
}

/** `/bureau/lookup/:type/:id` matches `/bureau/lookup/discord/123`: a `:name` segment is any one segment. */
function pathPattern(pagePath: string): RegExp | null {
  const segments = pagePath.split('/');
  if (!segments.some((segment) => segment.startsWith(':'))) return null;
  const source = segments.map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${source}$`);
}

export interface PageRenderer {
  has(pathname: string): boolean;
  /** The page's HTML with the visitor's own answers, or null to serve the build's page. */
  render(app: FastifyInstance, request: FastifyRequest, pathname: string): Promise<string | null>;
}

/**
 * Decision 0039: the pages whose first screen waits for the server's answers (who is signed in, the
 * tools, a list) are drawn by the server for each request, from the answers this visitor's own calls
 * would get: each call the page makes goes through `app.inject` with the visitor's cookies and address,
 * so permissions, rate limits and the answers are exactly those of the browser's fetch. The answers go
 * with the HTML for TanStack Query, so the page makes no call for them.
 *
 * A visitor without a session gets the page drawn with those answers (a sign-in screen, the tools),
 * which React hydrates: it paints complete before any JavaScript. A visitor with a session gets the
 * build's page (its loading state) with the answers, which React draws over at once instead of
 * hydrating: a signed-in screen shows times in the browser's own zone and language, which the server
 * cannot know, and a hydration that differs is thrown away with an error.
 *
 * Null when the build has no renderer (development, tests without a build).
 */
export function loadPageRenderer(root: string, log: FastifyInstance['log']): PageRenderer | null {
  const dir = path.join(root, 'prerendered');
  const index = path.join(dir, RENDERED_INDEX);
  if (!fs.existsSync(index)) return null;
  const { module, pages } = JSON.parse(fs.readFileSync(index, 'utf8')) as { module: string; pages: Record<string, string> };
  const templates = new Map<string, Template>();
  for (const [pagePath, file] of Object.entries(pages)) {
    const name = /^([\w-]+)\.template\.html$/.exec(file)?.[1];
    if (!name || !fs.existsSync(path.join(dir, `${name}.html`))) continue;
    const template = fs.readFileSync(path.join(dir, file), 'utf8');
    // The build's page, no longer marked as React's to hydrate (main.tsx draws over it).
    const built = fs.readFileSync(path.join(dir, `${name}.html`), 'utf8').replace(/ data-prerendered="[^"]*"/, '');
    if (template.includes(RENDER_OUTLET)) templates.set(pagePath, { template, built, pattern: pathPattern(pagePath) });
  }
  if (!/^[\w-]+\.mjs$/.test(module) || templates.size === 0) return null;
  const patterns = [...templates.values()].filter((t) => t.pattern !== null);
  /** The page's template: by its exact path, or by a path with an id (`/bureau/lookup/:type/:id`). */
  const templateOf = (pathname: string) => templates.get(pathname) ?? patterns.find((t) => t.pattern!.test(pathname));

  // Loaded with the first request for one of these pages, not at start-up (decision 0036: start fast,
  // idle memory); that request waits for it. Null when it failed to load: the build's pages serve.
  let loading: Promise<RenderModule | null> | null = null;
  const loadRenderer = () =>
    (loading ??= (import(pathToFileURL(path.join(dir, module)).href) as Promise<RenderModule>).catch((error: unknown) => {
      log.error({ err: error }, 'the page renderer did not load; prerendered pages are served as built');
      return null;
    }));

  return {
    has: (pathname) => templateOf(pathname) !== undefined,
    async render(app, request, pathname) {
      const page = templateOf(pathname);
      if (!page) return null;
      const renderer = await loadRenderer();
      if (!renderer) return null;
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const transport = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
        const url = String(input);
        // A page's first render only reads; a write, or another origin, is a bug in the page.
        if ((init?.method ?? 'GET') !== 'GET' || !url.startsWith('/') || url.startsWith('//')) {
          throw new Error(`A page asked ${init?.method ?? 'GET'} ${url} while the server drew it`);
        }
        const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
        const kept: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = answer.headers[name];
          if (value !== undefined) kept[name] = String(value);
        }
        const empty = answer.statusCode === 204 || answer.statusCode === 304;
        return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: kept });
      };
      try {
        const drawn = await renderer.renderPageWithData(pathname, transport);
        const signedIn = request.cookies[SESSION_COOKIE] !== undefined;
        // A visitor without a session gets the drawn page only when every answer came (else the
        // browser, asking the failed one again, would first draw something else).
        if (!signedIn && !drawn.complete) return null;
        // JSON inside <script type="application/json">: data, never run (the CSP allows no inline script);
        // `<` escaped so no answer can close the element.
        const state = JSON.stringify(drawn.state).replace(/</g, '\\u003c');
        // The template names the page it was made for; a page with an id names this path, so the
        // browser hydrates it (main.tsx compares the two).
        const html = signedIn
          ? page.built
          : page.template
              .replace(/ data-prerendered="[^"]*"/, () => ` data-prerendered="${escapeHtml(pathname)}"`)
              .replace(RENDER_OUTLET, () => drawn.markup);
        return html.replace('</body>', () => `<script type="application/json" id="${STATE_ELEMENT_ID}">${state}</script>\n  </body>`);
      } catch (error) {
        request.log.warn({ err: error, pathname }, 'drawing the page with its answers failed; serving the prerendered page');
        return null;
      }
    },
  };
}
