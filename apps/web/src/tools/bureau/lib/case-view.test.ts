import { describe, expect, it } from 'vitest';
import { describeActor, describeChange, formatWhen } from './case-view';

describe('issue 14 item 5: history lines', () => {
  it('lists only the fields that changed, before → after; a creation lists what it set', () => {
    expect(
      describeChange({
        before: { reason: 'Rude', type: 'warn', hidden: false },
        after: { reason: 'Very rude', type: 'warn', hidden: true },
      }),
    ).toEqual(['reason: Rude → Very rude', 'hidden: false → true']);
    expect(describeChange({ before: null, after: { discordId: '123456', robloxId: '42' } })).toEqual([
      'discordId: — → 123456',
      'robloxId: — → 42',
    ]);
  });

  it('names the bot by its key, staff by name and ID, the server as system', () => {
    expect(describeActor({ kind: 'bot', id: 'ab12cd34', name: 'Mod bot' })).toBe('Bot "Mod bot" (key ab12cd34)');
    expect(describeActor({ kind: 'staff', id: '123456', name: 'registrar.rose' })).toBe('Staff registrar.rose (123456)');
    expect(describeActor({ kind: 'system', id: 'case-expiry', name: 'Case expiry' })).toBe('System (Case expiry)');
    expect(formatWhen(Date.UTC(2026, 10, 22, 14, 3))).toBe('22 Nov 2026, 14:03 UTC');
  });

  // Decision 0069: a U+202E in a quoted reason or a staff name turned the rest of the line around.
  it('writes out direction controls and stacked marks in what it quotes', () => {
    expect(describeChange({ before: { reason: 'Rude' }, after: { reason: 'evil\u202eoob' } })).toEqual(['reason: Rude → evil[U+202E]oob']);
    expect(describeActor({ kind: 'staff', id: '123456', name: 'rose\u202e' })).toBe('Staff rose[U+202E] (123456)');
  });
});
