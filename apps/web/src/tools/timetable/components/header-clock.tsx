import { schoolDateFormat } from '@/lib/i18n/school-format';
import { useHydrated } from '@/lib/use-hydrated';
import { useNow } from '../lib/use-now';
import { useTimetableT } from '../messages';

/** 002 §2: the header's live clock, ticking every second, in the school's zone. */
export function HeaderClock({ timeZone }: { timeZone: string }) {
  const now = useNow(1_000);
  const { t, language } = useTimetableT();
  // Decision 0039: the server may draw this page; its clock would not be the browser's, so the clock
  // appears once the page is the browser's own.
  const hydrated = useHydrated();
  if (!hydrated) return <div className="tt-clock" aria-label={t('clock')} />;
  const date = schoolDateFormat(language, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(now);
  const time = schoolDateFormat(language, { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(now);
  return (
    <div className="tt-clock" aria-label={t('clock')}>
      <time className="tt-clock__time" dateTime={new Date(now).toISOString()} data-testid="clock">
        {time}
      </time>
      <span className="tt-clock__date">{date}</span>
    </div>
  );
}
