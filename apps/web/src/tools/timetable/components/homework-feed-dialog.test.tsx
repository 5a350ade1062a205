import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Answer, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { HomeworkFeedDialog } from './homework-feed-dialog';

const FEED = '/timetable/api/homework-feed';
const LINK = 'http://localhost/timetable/api/feed/secret-one.ics';
const LIMITED: Answer = [429, { error: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' }];
const FAILED: Answer = [500, { error: 'Something went wrong on our side. Please try again.', code: 'internal' }];

const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe in a calendar app' }));
  return screen.findByRole('dialog');
};

describe('homework calendar feed dialog', () => {
  it('makes one link on a double click of Make a link, and shows that link', async () => {
    let answer = () => {};
    let issued = 0;
    const server = fakeServer({
      [`GET ${FEED}`]: () => [200, { active: issued > 0, createdAt: issued > 0 ? Date.UTC(2025, 9, 20) : null }],
      // The first link is held open until the test lets it go, as a real request takes a moment.
      [`POST ${FEED}`]: async () => {
        issued++;
        if (issued === 1) await new Promise<void>((resolve) => (answer = resolve));
        return [200, { url: issued === 1 ? LINK : 'http://localhost/timetable/api/feed/secret-two.ics' }];
      },
    });
    renderWithApp(<HomeworkFeedDialog timeZone="Asia/Bangkok" />);
    await openDialog();
    expect(await screen.findByText('You have no private link yet.')).toBeInTheDocument();
    const make = screen.getByRole('button', { name: 'Make a link' });
    // Two clicks in one go, before React draws the button busy (a quick double click in a browser).
    fireEvent.click(make);
    fireEvent.click(make);
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();
    expect(await screen.findByDisplayValue(LINK)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  // Audit of the feed dialog (defect 2): the pressed button says it is working, the other waits, and
  // two clicks before React has drawn either disabled (one act: nothing is drawn in between) act once.
  it('says "Making link…" on the pressed button while the link is made, and makes it once for two quick clicks', async () => {
    let answer = () => {};
    const server = fakeServer({
      [`GET ${FEED}`]: () => [200, { active: true, createdAt: Date.UTC(2025, 9, 20) }],
      [`POST ${FEED}`]: async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return [200, { url: LINK }];
      },
    });
    renderWithApp(<HomeworkFeedDialog timeZone="Asia/Bangkok" />);
    await openDialog();
    const make = await screen.findByRole('button', { name: 'Make a new link' });
    act(() => {
      make.click();
      make.click();
    });
    expect(await screen.findByRole('button', { name: 'Making link…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Making link…' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Turn link off' })).toBeDisabled();
    answer();
    expect(await screen.findByDisplayValue(LINK)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a new link' })).toBeEnabled();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says "Turning off…" while the link is turned off, and turns it off once for two quick clicks', async () => {
    let on = true;
    let answer = () => {};
    const server = fakeServer({
      [`GET ${FEED}`]: () => [200, { active: on, createdAt: on ? Date.UTC(2025, 9, 20) : null }],
      [`DELETE ${FEED}`]: async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        on = false;
        return [200, { ok: true }];
      },
    });
    renderWithApp(<HomeworkFeedDialog timeZone="Asia/Bangkok" />);
    await openDialog();
    const off = await screen.findByRole('button', { name: 'Turn link off' });
    act(() => {
      off.click();
      off.click();
    });
    expect(await screen.findByRole('button', { name: 'Turning off…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Make a new link' })).toBeDisabled();
    answer();
    expect(await screen.findByText('The private link is off. Calendars using it get no more updates.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a link' })).toBeEnabled();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('does not say there is no link when the status could not be read', async () => {
    fakeServer({ [`GET ${FEED}`]: () => LIMITED });
    renderWithApp(<HomeworkFeedDialog timeZone="Asia/Bangkok" />);
    await openDialog();
    expect(await screen.findByText('Could not check whether you have a private link.')).toBeInTheDocument();
    expect(screen.getByText('That did not work')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Please wait a moment and try again.')).toBeInTheDocument();
    expect(screen.queryByText('You have no private link yet.')).not.toBeInTheDocument();
  });

  it('shows the failure of the last thing pressed: a failed make does not stay under a turn-off that worked', async () => {
    let on = true;
    fakeServer({
      [`GET ${FEED}`]: () => [200, { active: on, createdAt: on ? Date.UTC(2025, 9, 20) : null }],
      [`POST ${FEED}`]: () => FAILED,
      [`DELETE ${FEED}`]: () => ((on = false), [200, { ok: true }]),
    });
    renderWithApp(<HomeworkFeedDialog timeZone="Asia/Bangkok" />);
    await openDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Make a new link' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn link off' }));
    expect(await screen.findByText('The private link is off. Calendars using it get no more updates.')).toBeInTheDocument();
    expect(screen.queryByText('That did not work')).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on our side. Please try again.')).not.toBeInTheDocument();
  });

  it('says so when the link cannot be copied (no clipboard off https), instead of doing nothing', async () => {
    fakeServer({
      [`GET ${FEED}`]: () => [200, { active: false, createdAt: null }],
      [`POST ${FEED}`]: () => [200, { url: LINK }],
    });
    renderWithApp(<HomeworkFeedDialog timeZone="Asia/Bangkok" />);
    await openDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Make a link' }));
    expect(await screen.findByDisplayValue(LINK)).toBeInTheDocument();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Could not copy. Select the link and copy it yourself.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    writeText.mockRestore();
  });
});
