import { useEffect, useState } from 'react';
import { type Sport, spotsLeft } from '@guildhall/contracts/sports';
import { Spinner } from '@/ui/spinner';
import { useMyRegistration } from '../api/get-my-registration';
import { useRegistrationStatus } from '../api/get-registration-status';
import { useSports } from '../api/get-sports';
import { useRegisterSport } from '../api/register-sport';
import { useWithdrawRegistration } from '../api/withdraw-registration';
import type { SportsSession } from '../lib/session';
import { RegistrationStatusCard } from './registration-status-card';
import { SportCard } from './sport-card';
import { ConfirmModal, ErrorModal } from './sports-modals';
import { useSportsRefusal, useSportsT } from '../messages';

/**
 * 002 §2 the student's registration section: status card, sport cards, the confirm modals and the
 * error modal. 002 §6: any failure loading sports, registration or settings logs the user out.
 */
export function StudentSection({ session, onLoadFailure }: { session: SportsSession; onLoadFailure(message: string): void }) {
  const settings = useRegistrationStatus();
  const sports = useSports(session.token);
  const mine = useMyRegistration(session.token);
  const register = useRegisterSport();
  const withdraw = useWithdrawRegistration();
  const [confirmSport, setConfirmSport] = useState<Sport | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useSportsT();
  const messageOf = useSportsRefusal();

  const loadError = sports.error
    ? t('errors.loadSports', { msg: messageOf(sports.error) })
    : settings.error
      ? messageOf(settings.error)
      : mine.error
        ? messageOf(mine.error)
        : null;
  useEffect(() => {
    if (loadError) onLoadFailure(loadError);
  }, [loadError, onLoadFailure]);

  if (settings.isPending || sports.isPending || mine.isPending) return <Spinner label={t('student.loading')} />;
  if (loadError || !settings.data || !sports.data) return null;

  const registration = mine.data ?? null;
  const active = registration && registration.status !== 'not_selected' ? registration : null;
  const open = settings.data.isRegistrationOpen;

  const doRegister = () => {
    const sport = confirmSport;
    if (!sport) return;
    register.mutate(sport.sport_id, {
      onSettled: () => setConfirmSport(null),
      onError: (e) => setError(messageOf(e)),
    });
  };
  const doWithdraw = () => {
    withdraw.mutate(undefined, {
      onSettled: () => setConfirmWithdraw(false),
      // 002 §8: 'Could not withdraw registration.'
      onError: () => setError(t('errors.withdraw')),
    });
  };

  return (
    <section className="sports-student" aria-labelledby="sports-student-title">
      <h2 id="sports-student-title" className="sports-section-title">
        {t('student.title')}
      </h2>
      {/* Always on the page, so the card appearing after a first registration is read out: a live
          region that arrives together with its text is not announced reliably (ui/status-card). */}
      <div className="sports-student__status" aria-live="polite" data-testid="registration-status-region">
        {registration && <RegistrationStatusCard registration={registration} onWithdraw={() => setConfirmWithdraw(true)} />}
      </div>
      {!open && !active && (
        <p className="sports-notice" role="status">
          {t('student.closed')}
        </p>
      )}
      {open &&
        (sports.data.length === 0 ? (
          <p className="sports-notice">{t('student.noSports')}</p>
        ) : (
          <div className="sports-grid">
            {sports.data.map((sport) => (
              <SportCard
                key={sport.sport_id}
                sport={sport}
                // 002 §4: not_selected frees the student for ANOTHER sport; the server refuses the same one.
                canRegister={!active && !register.isPending && registration?.sport_id !== sport.sport_id}
                // 002 §4, §6: the button of the sport the student was not selected for is off; say why
                // beside it (a greyed-out button alone left the student guessing).
                disabledReason={
                  registration?.status === 'not_selected' && registration.sport_id === sport.sport_id ? t('card.notSelected') : undefined
                }
                onRegister={active ? undefined : setConfirmSport}
              />
            ))}
          </div>
        ))}
      <ConfirmModal
        open={confirmSport !== null}
        title={t('student.confirmRegisterTitle')}
        text={t('student.confirmRegister', { sport: confirmSport?.name ?? '' })}
        // Issue 16 item 3: a full sport makes the student a reserve on its waiting list, and 002 §4
        // lets only pending_selection withdraw; said before the student commits, not after.
        note={confirmSport && spotsLeft(confirmSport) === 0 ? t('student.fullNote', { sport: confirmSport.name }) : undefined}
        confirmLabel={t('student.register')}
        busy={register.isPending}
        onConfirm={doRegister}
        onCancel={() => setConfirmSport(null)}
      />
      <ConfirmModal
        open={confirmWithdraw}
        title={t('student.confirmWithdrawTitle')}
        text={t('student.confirmWithdraw', { sport: registration?.sport_name ?? '' })}
        confirmLabel={t('student.withdraw')}
        danger
        busy={withdraw.isPending}
        onConfirm={doWithdraw}
        onCancel={() => setConfirmWithdraw(false)}
      />
      <ErrorModal message={error} onClose={() => setError(null)} />
    </section>
  );
}
