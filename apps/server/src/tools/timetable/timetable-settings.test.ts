import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { timetableSettings } from './timetable-settings';

describe('timetable settings (002 §9 constants as configuration)', () => {
  it("defaults to the spec's values", () => {
    expect(timetableSettings(loadConfig({}))).toEqual({
      termStart: '2025-10-13',
      timeZone: 'Asia/Bangkok',
      weekStartsOn: 1,
      dayNames: ['วันจันทร์', 'วันอังคาร', 'วันพุธ', 'วันพฤหัสบดี', 'วันศุกร์', 'วันเสาร์', 'วันอาทิตย์'],
    });
  });

  it('reads TIMETABLE_TERM_START, SCHOOL_TIME_ZONE, TIMETABLE_WEEK_START and TIMETABLE_DAY_NAMES', () => {
    const config = loadConfig({
      TIMETABLE_TERM_START: '2026-05-18',
      SCHOOL_TIME_ZONE: 'Europe/London',
      TIMETABLE_WEEK_START: '7',
      TIMETABLE_DAY_NAMES: 'Lun, Mar, Mer, Jeu, Ven, Sam, Dim',
    });
    expect(timetableSettings(config)).toEqual({
      termStart: '2026-05-18',
      timeZone: 'Europe/London',
      weekStartsOn: 7,
      dayNames: ['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim'],
    });
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadConfig({ TIMETABLE_TERM_START: '2025-02-30' })).toThrow(/TIMETABLE_TERM_START/);
    expect(() => loadConfig({ SCHOOL_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SCHOOL_TIME_ZONE/);
    expect(() => loadConfig({ TIMETABLE_WEEK_START: '8' })).toThrow(/TIMETABLE_WEEK_START/);
    expect(() => loadConfig({ TIMETABLE_DAY_NAMES: 'Mon,Tue' })).toThrow(/TIMETABLE_DAY_NAMES/);
  });
});
