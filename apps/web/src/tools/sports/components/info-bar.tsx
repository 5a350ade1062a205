import { levelOf } from '@guildhall/contracts/sports';
import { Button } from '@/ui/button';
import { Tag } from '@/ui/tag';
import { useSportsConfig } from '../api/get-sports-config';
import { useSportsT } from '../messages';
import type { SportsSession } from '../lib/session';

/** 002 §2 info bar: email, student ID, level badge, role badge, Logout. */
export function InfoBar({ session, onLogout }: { session: SportsSession; onLogout(): void }) {
  const config = useSportsConfig();
  const { t } = useSportsT();
  const level = config.data ? levelOf(session.studentId, config.data.levelPrefixes) : null;
  return (
    <div className="sports-info-bar" data-testid="info-bar">
      <dl className="sports-info-bar__facts">
        <div>
          <dt>{t('email')}</dt>
          <dd>{session.email ?? '-'}</dd>
        </div>
        <div>
          <dt>{t('studentId')}</dt>
          <dd>{session.studentId}</dd>
        </div>
      </dl>
      <div className="sports-info-bar__badges">
        {level && <Tag tone={level === 'none' ? 'neutral' : 'success'}>{t(`levels.${level}`)}</Tag>}
        <Tag tone="warning">{t(`roles.${session.role}`)}</Tag>
      </div>
      <Button variant="secondary" size="sm" onClick={onLogout}>
        {t('logout')}
      </Button>
    </div>
  );
}
