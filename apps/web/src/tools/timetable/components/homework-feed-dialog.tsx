import { useState } from 'react';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { StatusCard } from '@/ui/status-card';
import { schoolDateFormat } from '@/lib/i18n/school-format';
import { useTimetableRefusal, useTimetableT } from '../messages';
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
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  // Which button was pressed last, so its failure is the one shown: a failed make stayed on screen,
  // 'That did not work', under the turn-off that worked after it.
  const [last, setLast] = useState<'issue' | 'revoke'>('issue');
  const { t, language } = useTimetableT();
  const refusal = useTimetableRefusal();
  const status = useHomeworkFeed(open);
  const issue = useIssueHomeworkFeed();
  const revoke = useRevokeHomeworkFeed();
  // Audit of the feed dialog (defect 2): a click acts once, even a second one before React draws the
  // buttons disabled (a second make would stop the link the first had just made), and the pressed
  // button says what it is doing while the server works.
  const issueOnce = useSingleFlight(issue);
  const revokeOnce = useSingleFlight(revoke);
  const busy = issue.isPending || revoke.isPending;
  // The link just made, until it is turned off or the dialog closes.
  const url = issue.data && !revoke.isSuccess ? issue.data.url : null;
  const since = status.data?.createdAt
    ? schoolDateFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(status.data.createdAt)
    : null;

  const openDialog = () => {
    issue.reset();
    revoke.reset();
    setCopied('no');
    setOpen(true);
  };
  const makeLink = () => {
    revoke.reset();
    setCopied('no');
    setLast('issue');
    issueOnce();
  };
  const turnOff = () => {
    setLast('revoke');
    revokeOnce();
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      // No clipboard (a page not on https, a refused permission): the button did nothing, unseen.
      setCopied('failed');
    }
  };
  const failure = (last === 'issue' ? issue.error : revoke.error) ?? status.error;

  return (
    <>
      <Button variant="ghost" onClick={openDialog}>
        {t('feed.open')}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t('feed.title')} description={t('feed.description')}>
        <div className="tt-stack" aria-live="polite">
          {url ? (
            <>
              <TextField label={t('feed.link')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} className="tt-mono" />
              <div className="tt-actions tt-actions--start">
                <Button size="sm" variant="secondary" onClick={() => void copy()}>
                  {t(copied === 'yes' ? 'feed.copied' : 'feed.copy')}
                </Button>
              </div>
              {copied === 'failed' && <p className="tt-muted">{t('feed.copyFailed')}</p>}
            </>
          ) : status.isPending ? (
            <p className="tt-muted">{t('feed.checking')}</p>
          ) : status.data?.active ? (
            <p data-testid="feed-status">{t('feed.on', { since })}</p>
          ) : status.isError ? (
            // Not 'You have no private link yet.': whether there is one is not known.
            <p data-testid="feed-status">{t('feed.unknown')}</p>
          ) : (
            <p data-testid="feed-status">{t(revoke.isSuccess ? 'feed.off' : 'feed.none')}</p>
          )}
          {failure && (
            <StatusCard tone="danger" title={t('feed.failed')} headingLevel={3}>
              {refusal(failure)}
            </StatusCard>
          )}
          <div className="tt-actions">
            {(status.data?.active || url) && (
              <Button variant="danger" onClick={turnOff} disabled={busy} aria-busy={revoke.isPending || undefined}>
                {t(revoke.isPending ? 'feed.turningOff' : 'feed.turnOff')}
              </Button>
            )}
            <Button onClick={makeLink} disabled={busy} aria-busy={issue.isPending || undefined}>
              {t(issue.isPending ? 'feed.making' : status.data?.active || url ? 'feed.remake' : 'feed.make')}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
