import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeAdminApplication } from '@guildhall/testkit/recruitment-demo';
import type { Stage } from '@guildhall/contracts/recruitment';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { useStages } from '../api/get-stages';
import { ApplicationCard } from './application-card';

const API = '/recruitment/api';
const stages: Stage[] = [
  { id: 1, name: 'Application Received', ordering: 0, color: '#6c757d' },
  { id: 2, name: 'Interview', ordering: 1, color: '#0d6efd' },
];

describe('decision 0058: the card names the feedback it read', () => {
  it('sends the feedback (and on a move the stage) it last read or saved beside every save and stage change', async () => {
    const fake = fakeServer({
      [`POST ${API}/applications/1/update`]: ({ body }) => {
        const { feedback, stageId } = body as { feedback?: string | null; stageId?: number };
        return [200, { success: true, status: 'Pending', stageId: stageId ?? 1, feedback: feedback ?? null }];
      },
    });
    renderWithApp(<ApplicationCard application={makeAdminApplication(1, { feedback: 'Read.' })} stages={stages} questions={[]} />);
    const box = screen.getByRole('textbox', { name: /Feedback/ });
    await userEvent.clear(box);
    await userEvent.type(box, 'Saved here.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Feedback' }));
    await screen.findByText('Feedback saved.', { selector: '.ui-toast__title' });
    // The list has not been read again: the card's `application` still says 'Read.'; what this card
    // saved is what it has seen.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Change stage of applicant.1' }), 'Interview');
    await screen.findByText('Stage changed to Interview.', { selector: '.ui-toast__title' });
    const updates = fake.calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(updates).toEqual([
      { feedback: 'Saved here.', expectedFeedback: 'Read.' },
      { status: 'Pending', feedback: 'Saved here.', stageId: 2, expectedFeedback: 'Saved here.', expectedStageId: 1 },
    ]);
  });
});

/** The list as a colleague's save leaves it once read again: the same card, its application updated. */
function CardWithColleague() {
  const [application, setApplication] = useState(makeAdminApplication(1, { feedback: 'Read.' }));
  const colleagueSaved = () => setApplication((a) => ({ ...a, feedback: 'Theirs.', statusLastUpdatedAt: '2030-01-01T00:00:00.000Z' }));
  return (
    <>
      <button type="button" onClick={colleagueSaved}>
        List read again
      </button>
      <ApplicationCard application={application} stages={stages} questions={[]} />
    </>
  );
}

describe('decision 0058: a refused feedback save', () => {
  it('keeps what the admin typed when the list brings a colleague’s feedback, and the next save names it', async () => {
    const fake = fakeServer({
      [`POST ${API}/applications/1/update`]: ({ body }) => {
        const { feedback, expectedFeedback } = body as { feedback: string; expectedFeedback: string | null };
        if (expectedFeedback !== 'Theirs.')
          return [409, { code: 'conflict', error: 'Another admin changed the feedback of this application since you opened it.' }];
        return [200, { success: true, status: 'Pending', stageId: 1, feedback }];
      },
    });
    renderWithApp(<CardWithColleague />);
    const box = screen.getByRole('textbox', { name: /Feedback/ });
    await userEvent.clear(box);
    await userEvent.type(box, 'Mine.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Feedback' }));
    await screen.findByText(/Another admin changed the feedback/, { selector: '.ui-toast__title' });
    await userEvent.click(screen.getByRole('button', { name: 'List read again' }));
    expect(screen.getByRole('textbox', { name: /Feedback/ })).toHaveValue('Mine.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Feedback' }));
    await screen.findByText('Feedback saved.', { selector: '.ui-toast__title' });
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { feedback: 'Mine.', expectedFeedback: 'Read.' },
      { feedback: 'Mine.', expectedFeedback: 'Theirs.' },
    ]);
  });

  it('shows a colleague’s feedback when the admin has not typed', async () => {
    fakeServer({});
    renderWithApp(<CardWithColleague />);
    await userEvent.click(screen.getByRole('button', { name: 'List read again' }));
    expect(screen.getByRole('textbox', { name: /Feedback/ })).toHaveValue('Theirs.');
  });
});

describe('decision 0028: a withdrawn application in the list', () => {
  it('offers no stage change, as on the board (the server refuses every move)', async () => {
    fakeServer({});
    const withdrawn = makeAdminApplication(1, { withdrawnAt: '2026-11-23T10:00:00.000Z' });
    renderWithApp(<ApplicationCard application={withdrawn} stages={stages} questions={[]} />);
    expect(screen.getByText('Withdrawn by the applicant')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Change stage of applicant.1' })).toBeDisabled();
  });
});

/** The list as the applicant's withdrawal leaves it once read again. */
function CardWithdrawnMeanwhile() {
  const [application, setApplication] = useState(makeAdminApplication(1, { feedback: 'Read.' }));
  const withdrew = () =>
    setApplication((a) => ({ ...a, withdrawnAt: '2030-01-01T00:00:00.000Z', statusLastUpdatedAt: '2030-01-01T00:00:00.000Z' }));
  return (
    <>
      <button type="button" onClick={withdrew}>
        List read again
      </button>
      <ApplicationCard application={application} stages={stages} questions={[]} />
    </>
  );
}

describe('decision 0058 (amended): feedback on a withdrawn application', () => {
  it('shows the feedback saved before, read-only, says why, and offers no Save Feedback', async () => {
    fakeServer({});
    const withdrawn = makeAdminApplication(1, { feedback: 'Saved before.', withdrawnAt: '2026-11-23T10:00:00.000Z' });
    renderWithApp(<ApplicationCard application={withdrawn} stages={stages} questions={[]} />);
    const box = screen.getByRole('textbox', { name: 'Feedback (locked: the applicant withdrew)' });
    expect(box).toHaveValue('Saved before.');
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveAccessibleDescription(
      /^The applicant withdrew this application on .+, so it can no longer be moved or given feedback\.$/,
    );
    expect(screen.queryByRole('button', { name: 'Save Feedback' })).not.toBeInTheDocument();
  });

  it('a save refused because the applicant withdrew meanwhile shows the server’s sentence, then the locked feedback', async () => {
    fakeServer({
      [`POST ${API}/applications/1/update`]: () => [
        409,
        {
          code: 'recruitment.withdrawn_feedback',
          error: 'The applicant withdrew this application, so its feedback can no longer be changed.',
        },
      ],
    });
    renderWithApp(<CardWithdrawnMeanwhile />);
    const box = screen.getByRole('textbox', { name: /Feedback/ });
    await userEvent.clear(box);
    await userEvent.type(box, 'Typed too late.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Feedback' }));
    await screen.findByText('Error: The applicant withdrew this application, so its feedback can no longer be changed.', {
      selector: '.ui-toast__title',
    });
    await userEvent.click(screen.getByRole('button', { name: 'List read again' }));
    // What was stored shows, not the unsaved text as if it had been saved.
    expect(screen.getByRole('textbox', { name: 'Feedback (locked: the applicant withdrew)' })).toHaveValue('Read.');
    expect(screen.queryByRole('button', { name: 'Save Feedback' })).not.toBeInTheDocument();
  });
});

describe('000 §2 Change Stage... after another admin removed a stage', () => {
  it('reads the stages again when a move is refused, so the removed one is no longer offered', async () => {
    let live = stages;
    fakeServer({
      [`GET ${API}/stages`]: () => [200, live],
      [`POST ${API}/applications/1/update`]: () => [
        400,
        { error: 'stageId: that stage does not exist (it may have been removed).', code: 'invalid_input' },
      ],
    });
    function Card() {
      const read = useStages();
      return <ApplicationCard application={makeAdminApplication(1)} stages={read.data ?? []} questions={[]} />;
    }
    renderWithApp(<Card />);
    const menu = screen.getByRole('combobox', { name: 'Change stage of applicant.1' });
    await within(menu).findByRole('option', { name: 'Interview' });
    live = [stages[0]!];
    await userEvent.selectOptions(menu, 'Interview');
    await screen.findByText(/that stage does not exist/, { selector: '.ui-toast__title' });
    await waitFor(() => expect(within(menu).queryByRole('option', { name: 'Interview' })).not.toBeInTheDocument());
  });
});
