import { Trans } from 'react-i18next';
import type { MyRegistrationAnswer } from '@guildhall/contracts/sports';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import { Button } from '@/ui/button';
import { StatusCard, type Tone } from '@/ui/status-card';
import { useSportsT } from '../messages';

const TONES: Record<MyRegistrationAnswer['status'], Tone> = {
  pending_selection: 'warning',
  selected: 'success',
  reserve: 'neutral',
  not_selected: 'danger',
};

/** 002 §2 registration status card; 002 §4 labels; withdraw only while pending_selection. */
export function RegistrationStatusCard({ registration, onWithdraw }: { registration: MyRegistrationAnswer; onWithdraw(): void }) {
  const { status, sport_name: sport } = registration;
  const { t } = useSportsT();
  const strong = { strong: <strong /> };
  return (
    <div data-testid="registration-status">
      {/* Not a live region itself: student-section's region around it, on the page before the card, is. */}
      <StatusCard tone={TONES[status]} title={t('status.title', { sport })}>
        {status === 'pending_selection' && (
          <>
            <p>
              <Trans
                t={t}
                i18n={schoolI18n}
                i18nKey="status.pending"
                values={{ status: t('statuses.pending_selection') }}
                components={strong}
              />
            </p>
            <Button variant="danger" size="sm" onClick={onWithdraw}>
              {t('status.withdraw')}
            </Button>
          </>
        )}
        {status === 'selected' && (
          <p>
            <Trans t={t} i18n={schoolI18n} i18nKey="status.selected" values={{ status: t('statuses.selected') }} components={strong} />
          </p>
        )}
        {/* Issue 16 item 3: told in the app when a place opened and the student moved up. */}
        {status === 'selected' && registration.moved_up_at && <p data-testid="moved-up">{t('status.movedUp')}</p>}
        {status === 'reserve' && (
          <p>
            <Trans t={t} i18n={schoolI18n} i18nKey="status.reserve" values={{ status: t('statuses.reserve') }} components={strong} />
          </p>
        )}
        {status === 'reserve' && registration.waiting_position !== null && (
          <p data-testid="waiting-position">
            <Trans
              t={t}
              i18n={schoolI18n}
              i18nKey="status.position"
              values={{ position: registration.waiting_position }}
              components={strong}
            />
          </p>
        )}
        {status === 'not_selected' && <p>{t('status.notSelected')}</p>}
      </StatusCard>
    </div>
  );
}
