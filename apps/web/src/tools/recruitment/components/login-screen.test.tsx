import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test-support/render-with-server';
import { LoginScreen } from './login-screen';

describe('000 §2 Login screen', () => {
  it('000 §7: reads GET /api/public-settings without credentials, and shows Open with the period', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), init });
      const settings = { applicationsOpen: 'true', applicationStartDate: '2026-11-01', applicationEndDate: 'N/A' };
      return new Response(JSON.stringify(settings), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderWithApp(<LoginScreen title="Railway Staff Recruitment" />);
    expect(await screen.findByText('Open')).toBeInTheDocument();
    expect(screen.getByText('01/11/2026 – Indefinite')).toBeInTheDocument();
    expect(calls.map((c) => [c.url, c.init.credentials])).toEqual([['/recruitment/api/public-settings', 'omit']]);
  });
});
