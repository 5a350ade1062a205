import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { RouteErrorBoundary } from './route-error-page';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

/** Stands for Back or the address bar: a navigation from outside the page that failed. */
function GoElsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/fine')}>
      Elsewhere
    </button>
  );
}

// Decision 0035: the declarative router has no errorElement; RouteErrorBoundary puts the error page
// in place of a page that throws, and the next address is tried afresh.
describe('RouteErrorBoundary', () => {
  it('shows the error page with the reason, and the next page once the person moves on', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <GoElsewhere />
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>A page that works</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reload the page' })).toBeInTheDocument();
    quiet.mockRestore();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByText('A page that works')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
