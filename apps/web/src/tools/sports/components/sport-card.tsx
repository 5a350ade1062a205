import type { TFunction } from 'i18next';
import { type Sport, spotsLeft } from '@guildhall/contracts/sports';
import type { SchoolLanguage } from '@/lib/i18n/school-i18n';
import { Button } from '@/ui/button';
import { Tag } from '@/ui/tag';
import { sportVisual } from '../lib/sport-visual';
import { formatSportDate, useSportsT } from '../messages';

/** "1 Dec 2026 - 20 Dec 2026", "from 1 Dec 2026", "until 20 Dec 2026" (school-local dates). */
function datesText(sport: Sport, t: TFunction, language: SchoolLanguage): string {
  const format = (d: string) => formatSportDate(language, d);
  const { registration_opens_on: opens, registration_closes_on: closes } = sport;
  if (opens && closes) return t('card.between', { opens: format(opens), closes: format(closes) });
  return opens ? t('card.from', { opens: format(opens) }) : t('card.until', { closes: format(closes!) });
}

/**
 * 002 §2 sport card with 002 §9 spots left, 'Spots Open' / 'Main Team Full' and the pending count.
 * `disabledReason`: why Register is off for this student (said beside the button, not only greyed out).
 */
export function SportCard({
  sport,
  canRegister,
  disabledReason,
  onRegister,
}: {
  sport: Sport;
  canRegister: boolean;
  disabledReason?: string;
  onRegister?(sport: Sport): void;
}) {
  const left = spotsLeft(sport);
  const closedId = `sport-${sport.sport_id}-closed`;
  const reasonId = `sport-${sport.sport_id}-reason`;
  // A disabled Register button names the sentences that say why, so a screen reader hears them too.
  const describedBy = [!sport.registration_window_open && closedId, disabledReason && reasonId].filter(Boolean).join(' ') || undefined;
  const visual = sportVisual(sport.image ?? sport.name);
  const { t, language } = useSportsT();
  return (
    <article className="sport-card" aria-labelledby={`sport-${sport.sport_id}`} data-testid="sport-card">
      <div className="sport-card__banner" style={{ '--sport-hue': visual.hue } as React.CSSProperties} aria-hidden="true">
        <span className="sport-card__icon">{visual.icon}</span>
      </div>
      <div className="sport-card__body">
        <div className="sport-card__tags">
          <Tag tone="neutral">{t(`eligibility.${sport.eligibility_level}`)}</Tag>
          <Tag tone={left > 0 ? 'success' : 'danger'}>{t(left > 0 ? 'card.spotsOpen' : 'card.full')}</Tag>
        </div>
        <h3 id={`sport-${sport.sport_id}`} className="sport-card__name">
          {sport.name}
        </h3>
        {sport.description && <p className="sport-card__description">{sport.description}</p>}
        <dl className="sport-card__facts">
          <div>
            <dt>{t('card.spotsLeft')}</dt>
            <dd>{t('card.spotsValue', { left, total: sport.total_spots })}</dd>
          </div>
          <div>
            <dt>{t('card.pending')}</dt>
            <dd>{t('card.students', { count: sport.pending_count })}</dd>
          </div>
          {/* Issue 16 item 3: the waiting list and the sport's own registration dates. */}
          {sport.reserve_count > 0 && (
            <div>
              <dt>{t('card.waiting')}</dt>
              <dd>{t('card.students', { count: sport.reserve_count })}</dd>
            </div>
          )}
          {(sport.registration_opens_on || sport.registration_closes_on) && (
            <div>
              <dt>{t('card.registration')}</dt>
              <dd>{datesText(sport, t, language)}</dd>
            </div>
          )}
        </dl>
        {!sport.registration_window_open && (
          <p id={closedId} className="sport-card__closed">
            {t('card.closed')}
          </p>
        )}
        {onRegister && disabledReason && (
          <p id={reasonId} className="sport-card__reason">
            {disabledReason}
          </p>
        )}
        {onRegister && (
          <Button
            block
            onClick={() => onRegister(sport)}
            disabled={!canRegister || !sport.registration_window_open}
            aria-label={t('card.registerFor', { sport: sport.name })}
            aria-describedby={describedBy}
          >
            {t('card.register')}
          </Button>
        )}
      </div>
    </article>
  );
}
