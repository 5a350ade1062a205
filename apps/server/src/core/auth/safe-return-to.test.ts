import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './safe-return-to';

// Issue 10 item 1: a returnTo is only ever a path on our own origin; anything else goes home.
describe('safeReturnTo', () => {
  it.each([
    ['/', '/'],
    ['/bureau/records', '/bureau/records'],
    ['/bureau/checker?type=discord&id=123456', '/bureau/checker?type=discord&id=123456'],
    ['/timetable#homework', '/timetable#homework'],
    ['/a/%2F%2Fevil.example', '/a/%2F%2Fevil.example'],
    // Non-ASCII is percent-encoded, so it can sit in a Location header.
    ['/records/ค21101', '/records/%E0%B8%8421101'],
    ['/search?q=ä', '/search?q=%C3%A4'],
  ])('keeps the same-origin path %j as %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    // The value: browsers drop the tab and read //evil.example, another host.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\r\nSet-Cookie: x=1',
    '/\u0000',
    '/\u007f',
    '/\u0085/evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    ' /evil',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/\ud800',
  ])('sends the hostile value %j home', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('sends anything that is not one string home, or to the given fallback', () => {
    for (const value of [undefined, null, 42, ['/a', '/b'], { path: '/' }]) expect(safeReturnTo(value)).toBe('/');
    expect(safeReturnTo('//evil.example', '/recruitment')).toBe('/recruitment');
    expect(safeReturnTo(`/${'a'.repeat(5000)}`)).toBe('/');
  });

  // Short enough as sent, but percent-encoded it became a Location header of 18 KB.
  it('sends home a path whose encoded form is too long for a header, and keeps one that fits', () => {
    expect(safeReturnTo(`/${'ก'.repeat(2000)}`)).toBe('/');
    expect(safeReturnTo(`/${'ก'.repeat(200)}`)).toBe(`/${'%E0%B8%81'.repeat(200)}`);
  });
});
