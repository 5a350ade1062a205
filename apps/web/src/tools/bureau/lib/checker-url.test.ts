import { describe, expect, it } from 'vitest';
import { checkerQueryFromSearch, checkerSearchFor } from './checker-url';

describe('the checker address (the records QR code links here)', () => {
  it('reads the link the QR code encodes', () => {
    expect(checkerQueryFromSearch('?type=discord&id=929932561612800004')).toEqual({ type: 'discord', id: '929932561612800004' });
    expect(checkerQueryFromSearch('type=roblox&id=1200004')).toEqual({ type: 'roblox', id: '1200004' });
  });

  it('trims the id and treats an empty one as no check (001 §5)', () => {
    expect(checkerQueryFromSearch('?type=roblox&id=%20%2012%20')).toEqual({ type: 'roblox', id: '12' });
    expect(checkerQueryFromSearch('?type=discord&id=%20%20')).toBeNull();
    expect(checkerQueryFromSearch('?type=discord')).toBeNull();
    expect(checkerQueryFromSearch('')).toBeNull();
  });

  it('defaults to a Discord ID, and ignores a type it does not know', () => {
    expect(checkerQueryFromSearch('?id=123456')).toEqual({ type: 'discord', id: '123456' });
    expect(checkerQueryFromSearch('?type=steam&id=123456')).toBeNull();
  });

  it('writes a check back as the same link', () => {
    const search = checkerSearchFor({ type: 'roblox', id: '1200004' });
    expect(search).toBe('type=roblox&id=1200004');
    expect(checkerQueryFromSearch(search)).toEqual({ type: 'roblox', id: '1200004' });
  });
});
