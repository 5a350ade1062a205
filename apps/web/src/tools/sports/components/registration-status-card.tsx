import { type MyRegistrationAnswer, STATUS_LABELS } from '@guildhall/contracts/sports';
import { Button } from '@/ui/button';
import { StatusCard, type Tone } from '@/ui/status-card';

const TONES: Record<MyRegistrationAnswer['status'], Tone> = {
  pending_selection: 'warning',
  selected: 'success',
  reserve: 'neutral',
  not_selected: 'danger',
};

/** 002 §2 registration status card; 002 §4 labels; withdraw only while pending_selection. */
export function RegistrationStatusCard({ registration, onWithdraw }: { registration: MyRegistrationAnswer; onWithdraw(): void }) {
  const { status, sport_name: sport } = registration;
  return (
    <div data-testid="registration-status">
      <StatusCard tone={TONES[status]} title={`Your registration: ${sport}`} live>
        {status === 'pending_selection' && (
          <>
            <p>
              Status: <strong>{STATUS_LABELS.pending_selection}</strong>. You are registered for the tryouts; the sports lead will announce
              the team.
            </p>
            <Button variant="danger" size="sm" onClick={onWithdraw}>
              Withdraw
            </Button>
          </>
        )}
        {status === 'selected' && (
          <p>
            Status: <strong>Main Player</strong>. Congratulations, you made the team!
          </p>
        )}
        {status === 'reserve' && (
          <p>
            Status: <strong>Reserve Player</strong>. You are on the reserve list.
          </p>
        )}
        {status === 'not_selected' && <p>You were not selected for the team this time.</p>}
      </StatusCard>
    </div>
  );
}
