import { describe, expect, it } from 'vitest';
import { discordSignInUrl, safeReturnPath, signOutUrl } from './auth-links';

describe('auth links', () => {
  it('sends the current path to the Discord login, encoded', () => {
    expect(discordSignInUrl('/bureau/records?q=12 3')).toBe('/auth/discord/login?returnTo=%2Fbureau%2Frecords%3Fq%3D12%203');
  });

  it('never lets the return path leave the site', () => {
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('//evil.example/')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('/timetable')).toBe('/timetable');
    expect(signOutUrl()).toBe('/auth/logout?returnTo=%2F');
  });
});
