import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';

describe('appointments configuration', () => {
  it('defaults to Mon-Fri 09:00-17:00 Asia/Bangkok, 30-minute slots', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      appointmentDays: [1, 2, 3, 4, 5],
      APPOINTMENT_OPENS: '09:00',
      APPOINTMENT_CLOSES: '17:00',
      APPOINTMENT_SLOT_MINUTES: 30,
      APPOINTMENT_TIME_ZONE: 'Asia/Bangkok',
    });
  });
  it('turns the LIFF mock on outside production only while no LIFF app is configured', () => {
    expect(loadConfig({}).liffMock).toBe(true);
    expect(loadConfig({ LIFF_ID: '2000000000-Abc' }).liffMock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.org', DEV_SIGN_IN: 'false' }).liffMock).toBe(false);
  });
  it('never accepts unverified LINE identities in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.org', DEV_SIGN_IN: 'false', LIFF_MOCK: 'true' }),
    ).toThrow(ConfigError);
  });
  it('names bad booking settings', () => {
    expect(() => loadConfig({ APPOINTMENT_DAYS: 'mon,funday' })).toThrow(/APPOINTMENT_DAYS/);
    expect(() => loadConfig({ APPOINTMENT_TIME_ZONE: 'Mars/Olympus' })).toThrow(/APPOINTMENT_TIME_ZONE/);
    expect(() => loadConfig({ APPOINTMENT_OPENS: '18:00' })).toThrow(/APPOINTMENT_CLOSES/);
    expect(loadConfig({ APPOINTMENT_DAYS: 'sat, sun' }).appointmentDays).toEqual([0, 6]);
  });
});
