import { useState } from 'react';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { StatusCard } from '@/ui/status-card';
import { useHomeworkFeed } from '../api/get-homework-feed';
import { useIssueHomeworkFeed } from '../api/issue-homework-feed';
import { useRevokeHomeworkFeed } from '../api/revoke-homework-feed';

/**
 * The homework as a calendar subscription. Calendar apps cannot sign in, so they follow a private
 * link; the server keeps only a hash of it, so the link is shown once, when it is made. Making a new
 * one or turning it off stops the old link.
 */
export function HomeworkFeedDialog({ timeZone }: { timeZone: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const status = useHomeworkFeed(open);
  const issue = useIssueHomeworkFeed();
  const revoke = useRevokeHomeworkFeed();
  const busy = issue.isPending || revoke.isPending;
  // The link just made, until it is turned off or the dialog closes.
  const url = issue.data && !revoke.isSuccess ? issue.data.url : null;
  const since = status.data?.createdAt
    ? new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(status.data.createdAt)
    : null;

  const openDialog = () => {
    issue.reset();
    revoke.reset();
    setCopied(false);
    setOpen(true);
  };
  const makeLink = () => {
    revoke.reset();
    setCopied(false);
    issue.mutate();
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const failure = issue.error ?? revoke.error ?? status.error;

  return (
    <>
      <Button variant="ghost" onClick={openDialog}>
        Subscribe in a calendar app
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Subscribe to your homework"
        description="Calendar apps follow your homework through a private link. Anyone with the link can read your homework, so keep it to yourself."
      >
        <div className="tt-stack" aria-live="polite">
          {url ? (
            <>
              <TextField
                label="Your private link (shown only now)"
                value={url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                className="tt-mono"
              />
              <div className="tt-actions tt-actions--start">
                <Button size="sm" variant="secondary" onClick={() => void copy()}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              </div>
            </>
          ) : status.isPending ? (
            <p className="tt-muted">Checking…</p>
          ) : status.data?.active ? (
            <p data-testid="feed-status">
              A private link is on (made {since}). Make a new link to see it again; the old one then stops working.
            </p>
          ) : (
            <p data-testid="feed-status">
              {revoke.isSuccess ? 'The private link is off. Calendars using it get no more updates.' : 'You have no private link yet.'}
            </p>
          )}
          {failure && (
            <StatusCard tone="danger" title="That did not work" headingLevel={3}>
              {failure.message}
            </StatusCard>
          )}
          <div className="tt-actions">
            {(status.data?.active || url) && (
              <Button variant="danger" onClick={() => revoke.mutate()} disabled={busy}>
                Turn link off
              </Button>
            )}
            <Button onClick={makeLink} disabled={busy}>
              {status.data?.active || url ? 'Make a new link' : 'Make a link'}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
