import type { AvailableDay } from '@guildhall/contracts/appointments';
import { type Availability, dayLabel, phoneTimeZone, timeLabel, zoneNote } from '../lib/slot-times';
import './slot-picker.css';

interface SlotPickerProps {
  availability: Availability;
  /** The chosen day (YYYY-MM-DD). */
  day: string | null;
  onDay(date: string): void;
  /** The chosen slot's start (ISO), if it is one of the free slots. */
  selected: string | null;
  onSelect(start: string): void;
  disabled?: boolean;
  /** Shown under a fully booked day (issue 15 item 6: the waitlist). */
  fullDayExtra?: (day: AvailableDay) => React.ReactNode;
}

function dayNote(day: AvailableDay): string {
  if (!day.open) return 'Closed';
  if (day.full) return 'Full';
  if (day.slots.length === 0) return 'None';
  return `${day.slots.length} free`;
}

/** Issue 15 item 1: the next days as buttons, then the chosen day's free times as buttons. */
export function SlotPicker({ availability, day, onDay, selected, onSelect, disabled, fullDayExtra }: SlotPickerProps) {
  const chosen = availability.days.find((d) => d.date === day) ?? null;
  const chosenLabel = chosen ? dayLabel(chosen.date) : null;
  const zone = zoneNote(availability.timeZone, phoneTimeZone());
  return (
    <div className="slot-picker">
      <div className="slot-picker__days" role="group" aria-label="Days">
        {availability.days.map((d) => {
          const label = dayLabel(d.date);
          return (
            <button
              key={d.date}
              type="button"
              className="slot-picker__day"
              aria-pressed={d.date === day}
              aria-label={`${label.weekday} ${label.day} ${label.month}, ${dayNote(d)}`}
              data-date={d.date}
              disabled={disabled || !d.open}
              onClick={() => onDay(d.date)}
            >
              <span className="slot-picker__weekday">{label.weekday}</span>
              <span className="slot-picker__date">{label.day}</span>
              <span className="slot-picker__note">{dayNote(d)}</span>
            </button>
          );
        })}
      </div>
      {zone && <p className="slot-picker__zone">{zone}</p>}
      {chosen && chosenLabel && (
        <div
          className="slot-picker__times"
          role="group"
          aria-label={`Free times on ${chosenLabel.weekday} ${chosenLabel.day} ${chosenLabel.month}`}
        >
          {chosen.slots.length === 0 ? (
            <div className="slot-picker__empty">
              <p>{chosen.full ? 'This day is fully booked.' : 'No free times left on this day.'}</p>
              {chosen.full && fullDayExtra?.(chosen)}
            </div>
          ) : (
            chosen.slots.map((s) => (
              <button
                key={s.start}
                type="button"
                className="slot-picker__time"
                aria-pressed={s.start === selected}
                disabled={disabled}
                onClick={() => onSelect(s.start)}
              >
                {timeLabel(s.start, availability.timeZone)}
              </button>
            ))
          )}
        </div>
      )}
    </div>
  );
}
