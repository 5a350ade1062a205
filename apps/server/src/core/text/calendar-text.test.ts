import { describe, expect, it } from 'vitest';
import { calendarText } from './calendar-text';

describe('calendarText', () => {
  it('drops the control characters RFC 5545 TEXT cannot hold, keeping tab and line breaks', () => {
    expect(calendarText('Essay\u000b draft\u001b[31m\u007f')).toBe('Essay draft[31m');
    expect(calendarText('a\tb\r\nc\nd')).toBe('a\tb\r\nc\nd');
    expect(calendarText('การบ้าน 😀, ok; yes\\no')).toBe('การบ้าน 😀, ok; yes\\no');
  });
});
