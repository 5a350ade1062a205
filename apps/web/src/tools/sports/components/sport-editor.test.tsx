import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Sport } from '@guildhall/contracts/sports';
import { makeSportAnswer } from '@guildhall/testkit/sports-demo';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { useSports } from '../api/get-sports';
import { SportsManager } from './sport-editor';

const futsal = (description: string): Sport => makeSportAnswer(4, { name: 'Futsal', description, total_spots: 2 });

/** As the Admin Panel does: the manager shows the sports list the server answers now. */
function Manager() {
  const sports = useSports('t0k');
  return sports.data ? <SportsManager sports={sports.data} /> : null;
}

// Decision 0061. Two leads edit Futsal at once: The other lead's new description was overwritten by
// this lead's save of the spots, because the form sent every field and said nothing of what it opened.
describe('the sport edit form', () => {
  it('names the sport as opened, shows the 409, then saves having seen the change', async () => {
    let stored = futsal('Tryouts on Monday');
    const server = fakeServer({
      'GET /sports/api/sports': () => [200, [stored]],
      'PUT /sports/api/admin/sports/4': ({ body }) => {
        const sent = body as { expected?: { description?: string }; total_spots: number };
        if (sent.expected?.description !== stored.description)
          return [
            409,
            {
              error:
                'Someone else changed Futsal since you opened it (description). The list now shows their change; save again to replace it with yours.',
              code: 'conflict',
              details: { reason: 'sport_changed', sport: 'Futsal', fields: 'description' },
            },
          ];
        stored = { ...stored, total_spots: sent.total_spots };
        return [200, stored];
      },
    });
    const user = userEvent.setup();
    renderWithApp(<Manager />);
    await user.click(await screen.findByRole('button', { name: 'Edit Futsal' }));
    // The other lead saves while this form is open.
    stored = futsal('Tryouts moved to Friday');
    const spots = screen.getByLabelText('Main Player spots');
    await user.clear(spots);
    await user.type(spots, '3');
    await user.click(screen.getByRole('button', { name: 'Save sport' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed Futsal since you opened it (description).');
    const puts = () => server.calls.filter((c) => c.method === 'PUT');
    expect(puts()[0]?.body).toMatchObject({ total_spots: 3, expected: { description: 'Tryouts on Monday', total_spots: 2 } });
    // The lead has read the refusal; the form now names the sport as read again, and keeps what was typed.
    expect(screen.getByLabelText('Main Player spots')).toHaveValue(3);
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/sports/api/sports').length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Save sport' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save sport' })).not.toBeInTheDocument());
    // The description the lead never touched is the colleague's, not put back to the old one.
    expect(puts()[1]?.body).toMatchObject({
      total_spots: 3,
      description: 'Tryouts moved to Friday',
      expected: { description: 'Tryouts moved to Friday' },
    });
    expect(stored.total_spots).toBe(3);
  });

  it('asks before lowering the spots below the Main Players chosen, and saves over capacity when confirmed', async () => {
    let stored: Sport = { ...futsal('Tryouts on Monday'), total_spots: 3, selected_count: 3 };
    const server = fakeServer({
      'GET /sports/api/sports': () => [200, [stored]],
      'PUT /sports/api/admin/sports/4': ({ body }) => {
        const sent = body as { total_spots: number; confirm_over_capacity?: boolean };
        if (sent.total_spots < stored.selected_count && !sent.confirm_over_capacity)
          return [
            409,
            {
              error:
                'Futsal has 3 Main Players; lowering its spots to 1 would leave it over capacity. Confirm to save over capacity, or change some Main Players first.',
              code: 'sports.team_full',
              details: { reason: 'spots_below_team', sport: 'Futsal', spots: 1, taken: 3 },
            },
          ];
        stored = { ...stored, total_spots: sent.total_spots };
        return [200, stored];
      },
    });
    const user = userEvent.setup();
    renderWithApp(<Manager />);
    await user.click(await screen.findByRole('button', { name: 'Edit Futsal' }));
    const spots = screen.getByLabelText('Main Player spots');
    await user.clear(spots);
    await user.type(spots, '1');
    await user.click(screen.getByRole('button', { name: 'Save sport' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Futsal has 3 Main Players; lowering its spots to 1');
    await user.click(screen.getByRole('button', { name: 'Save over capacity' }));
    await waitFor(() => expect(stored.total_spots).toBe(1));
    const puts = server.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => (c.body as { confirm_over_capacity?: boolean }).confirm_over_capacity)).toEqual([undefined, true]);
  });

  // Decision 0063: the list offered Edit for an archived sport, whose edit the server now refuses.
  it('offers Restore, not Edit, for an archived sport; one archived while its form is open says so on save', async () => {
    let stored = futsal('Tryouts on Monday');
    const archery = makeSportAnswer(5, { name: 'Archery', archived: true });
    fakeServer({
      'GET /sports/api/sports': () => [200, [stored, archery]],
      'PUT /sports/api/admin/sports/4': () => [
        409,
        {
          error: 'Futsal is archived. Restore it before editing it.',
          code: 'sports.archived_not_editable',
          details: { sport: 'Futsal' },
        },
      ],
    });
    const user = userEvent.setup();
    renderWithApp(<Manager />);
    expect(await screen.findByRole('button', { name: 'Restore Archery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Archery' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Futsal' }));
    // A colleague archives Futsal while this form is open.
    stored = { ...stored, archived: true };
    await user.click(screen.getByRole('button', { name: 'Save sport' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Futsal is archived. Restore it before editing it.');
  });
});
