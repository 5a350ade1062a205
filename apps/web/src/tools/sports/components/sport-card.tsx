import { ELIGIBILITY_LABELS, type Sport, spotsLeft } from '@guildhall/contracts/sports';
import { Button } from '@/ui/button';
import { Tag } from '@/ui/tag';
import { sportVisual } from '../lib/sport-visual';

/** 002 §2 sport card with 002 §9 spots left, 'Spots Open' / 'Main Team Full' and the pending count. */
export function SportCard({ sport, canRegister, onRegister }: { sport: Sport; canRegister: boolean; onRegister?(sport: Sport): void }) {
  const left = spotsLeft(sport);
  const visual = sportVisual(sport.name);
  return (
    <article className="sport-card" aria-labelledby={`sport-${sport.sport_id}`} data-testid="sport-card">
      <div className="sport-card__banner" style={{ '--sport-hue': visual.hue } as React.CSSProperties} aria-hidden="true">
        <span className="sport-card__icon">{visual.icon}</span>
      </div>
      <div className="sport-card__body">
        <div className="sport-card__tags">
          <Tag tone="neutral">{ELIGIBILITY_LABELS[sport.eligibility_level]}</Tag>
          <Tag tone={left > 0 ? 'success' : 'danger'}>{left > 0 ? 'Spots Open' : 'Main Team Full'}</Tag>
        </div>
        <h3 id={`sport-${sport.sport_id}`} className="sport-card__name">
          {sport.name}
        </h3>
        {sport.description && <p className="sport-card__description">{sport.description}</p>}
        <dl className="sport-card__facts">
          <div>
            <dt>Spots left</dt>
            <dd>
              {left} / {sport.total_spots}
            </dd>
          </div>
          <div>
            <dt>Pending tryouts</dt>
            <dd>
              {sport.pending_count} {sport.pending_count === 1 ? 'student' : 'students'}
            </dd>
          </div>
        </dl>
        {onRegister && (
          <Button block onClick={() => onRegister(sport)} disabled={!canRegister} aria-label={`Register for ${sport.name}`}>
            Register
          </Button>
        )}
      </div>
    </article>
  );
}
