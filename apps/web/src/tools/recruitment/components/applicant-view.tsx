import { useState } from 'react';
import type { ApplicationStatusAnswer, SessionUser } from '@guildhall/contracts/recruitment';
import { Page } from '@/ui/page';
import { Spinner } from '@/ui/spinner';
import { StatusCard } from '@/ui/status-card';
import { useApplicationStatus } from '../api/get-application-status';
import { usePublicSettings } from '../api/get-public-settings';
import { formatTimestamp, isAcceptingApplications, textColorOn } from '../lib/format';
import { ApplicationForm } from './application-form';
import { ApplicantControls, ApplicationHistory } from './applicant-controls';

/**
 * 000 §2 Applicant view: 'Loading Application...', then the status view when an application exists
 * (it takes precedence over the form, 000 §4), 'Applications Closed' when none exists and
 * applications are not open, and otherwise the form.
 */
export function ApplicantView({ user }: { user: SessionUser }) {
  const status = useApplicationStatus();
  const settings = usePublicSettings();
  // Issue 13 item 2: the status view can hand over to the form, to edit or to apply again.
  const [mode, setMode] = useState<'status' | 'edit' | 'reapply'>('status');
  if (status.isPending || settings.isPending) {
    return (
      <div className="recruitment__checking">
        <Spinner label="Loading Application..." showLabel size="lg" />
      </div>
    );
  }
  if (status.isError) {
    return (
      <Page title="Your Application" width="narrow">
        <StatusCard tone="danger" title="Could not load your application">
          <p>{status.error.message}</p>
        </StatusCard>
      </Page>
    );
  }
  if (mode === 'edit' && status.data.own) return <ApplicationForm user={user} edit={status.data.own} onDone={() => setMode('status')} />;
  if (status.data.hasApplication && !(mode === 'reapply' && status.data.mayReapply))
    return <StatusView status={status.data} onEdit={() => setMode('edit')} onApplyAgain={() => setMode('reapply')} />;
  if (!isAcceptingApplications(settings.data ?? null)) {
    return (
      <Page title="Applications Closed" width="narrow">
        <StatusCard tone="neutral" title="Applications Closed">
          <p>We are not currently accepting applications. Please check back later.</p>
        </StatusCard>
      </Page>
    );
  }
  return <ApplicationForm user={user} />;
}

/** 000 §2: 'Your Application Status' with the Global Process Status and Personal Status boxes. */
function StatusView({ status, onEdit, onApplyAgain }: { status: ApplicationStatusAnswer; onEdit(): void; onApplyAgain(): void }) {
  const color = status.stageColor ?? '#6c757d';
  return (
    <Page title="Your Application Status" width="narrow">
      <div className="recruitment-status">
        <section className="recruitment-card" aria-labelledby="global-status">
          <h2 id="global-status">Global Process Status</h2>
          <p className="recruitment-status__announcement">{status.globalProcessAnnouncement || 'No announcement at this time.'}</p>
          <p className="recruitment-muted">Last Updated: {formatTimestamp(status.globalProcessLastUpdatedAt) ?? 'Not yet updated'}</p>
        </section>
        <section className="recruitment-card" aria-labelledby="personal-status">
          <h2 id="personal-status">Personal Status</h2>
          {status.job && <p className="recruitment-muted">Applied for: {status.job}</p>}
          <p className="recruitment-muted">Last Updated: {formatTimestamp(status.statusLastUpdatedAt) ?? 'Not yet updated'}</p>
          <div className="recruitment-stage-box" style={{ background: color, color: textColorOn(color) }} data-testid="stage-box">
            {status.stageName ?? 'Processing...'}
          </div>
          {status.feedback && (
            <div className="recruitment-status__feedback">
              <h3>Feedback from our team:</h3>
              <p>{status.feedback}</p>
            </div>
          )}
          <ApplicantControls status={status} onEdit={onEdit} onApplyAgain={onApplyAgain} />
        </section>
        <ApplicationHistory status={status} />
      </div>
    </Page>
  );
}
