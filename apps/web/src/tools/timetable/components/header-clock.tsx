import { useNow } from '../lib/use-now';

/** 002 §2: the header's live clock, ticking every second, in the school's zone. */
export function HeaderClock({ timeZone }: { timeZone: string }) {
  const now = useNow(1_000);
  const date = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(now);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(
    now,
  );
  return (
    <div className="tt-clock" aria-label="Current time">
      <time className="tt-clock__time" dateTime={new Date(now).toISOString()} data-testid="clock">
        {time}
      </time>
      <span className="tt-clock__date">{date}</span>
    </div>
  );
}
