import { useId } from 'react';
import type { PersonInfraction } from '@guildhall/contracts/bureau';
import { DetailList } from '@/ui/detail-list';
import { toInfractionCardView } from '../lib/infraction-view';

/**
 * 001 §2: one card per infraction. The header holds two values (platform and date); the body holds
 * moderator, reason only if present, and note or 'N/A' (lib/infraction-view.ts).
 */
export function InfractionCard({ infraction }: { infraction: PersonInfraction }) {
  const view = toInfractionCardView(infraction);
  const headingId = useId();
  return (
    <article className="infraction-card" aria-labelledby={headingId} data-platform={view.platform}>
      <header className="infraction-card__head">
        <h3 id={headingId} className="infraction-card__platform">
          {view.platform}
        </h3>
        <time className="infraction-card__date" dateTime={infraction.date ?? undefined}>
          {view.date}
        </time>
      </header>
      <div className="infraction-card__body">
        <DetailList items={view.rows} />
      </div>
    </article>
  );
}
