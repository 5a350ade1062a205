import { levelOf } from '@guildhall/contracts/sports';
import { Button } from '@/ui/button';
import { Tag } from '@/ui/tag';
import { useSportsConfig } from '../api/get-sports-config';
import { LEVEL_LABELS, ROLE_LABELS } from '../lib/labels';
import type { SportsSession } from '../lib/session';

/** 002 §2 info bar: email, student ID, level badge, role badge, Logout. */
export function InfoBar({ session, onLogout }: { session: SportsSession; onLogout(): void }) {
  const config = useSportsConfig();
  const level = config.data ? levelOf(session.studentId, config.data.levelPrefixes) : null;
  return (
    <div className="sports-info-bar" data-testid="info-bar">
      <dl className="sports-info-bar__facts">
        <div>
          <dt>Email</dt>
          <dd>{session.email ?? '-'}</dd>
        </div>
        <div>
          <dt>Student ID</dt>
          <dd>{session.studentId}</dd>
        </div>
      </dl>
      <div className="sports-info-bar__badges">
        {level && <Tag tone={level === 'none' ? 'neutral' : 'success'}>{LEVEL_LABELS[level]}</Tag>}
        <Tag tone="warning">{ROLE_LABELS[session.role]}</Tag>
      </div>
      <Button variant="secondary" size="sm" onClick={onLogout}>
        Logout
      </Button>
    </div>
  );
}
