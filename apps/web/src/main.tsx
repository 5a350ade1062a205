import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
// ARCHITECTURE.md §3: fonts are bundled from @fontsource; nothing is loaded from a CDN at run time.
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/600.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/600.css';
import '@fontsource/noto-sans-thai/700.css';
import './ui/tokens.css';
import './ui/base.css';
import { AppProviders } from './app-providers';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';

const queryClient = createQueryClient();
// Decision 0039: a page the server drew with this visitor's answers carries them (apps/server's
// load-page-renderer.ts); the first render starts from them, as the server's did, and asks nothing again.
const state = document.getElementById('query-state');
if (state?.textContent) hydrate(queryClient, JSON.parse(state.textContent));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <AppProviders queryClient={queryClient}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProviders>
);

// Decision 0035: a page prerendered at build time (scripts/prerender.ts) arrives with its HTML and
// names its path on #root; React takes that HTML over. Any other page starts from the empty shell.
if (root.dataset.prerendered === window.location.pathname && window.location.search === '') hydrateRoot(root, app);
else createRoot(root).render(app);
