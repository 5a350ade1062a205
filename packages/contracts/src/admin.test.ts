import { describe, expect, it } from 'vitest';
import { CreateApiKeyRequest, GrantRequest } from './admin';
import { showStoredText } from './stored-text';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

// Owner console audit: the grant form's Discord ID and a key's name, as the server and the web check them.
describe('owner console contracts', () => {
  it('tells an id that is not digits the whole rule once, and an id of digits starting with 0 why', () => {
    expect(messages(GrantRequest.safeParse({ discordId: '0abc', role: 'owner' }))).toEqual(['must be a Discord ID: 5 to 25 digits']);
    expect(messages(GrantRequest.safeParse({ discordId: ' 0867684895948800001 ', role: 'owner' }))).toEqual([
      'must be a Discord ID: it never starts with 0',
    ]);
    expect(GrantRequest.safeParse({ discordId: '867684895948800001', role: 'owner' }).success).toBe(true);
  });

  it('refuses every text-direction control in a key name, and no letter of a right-to-left script', () => {
    for (const code of [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069])
      expect(messages(CreateApiKeyRequest.safeParse({ name: `bot ${String.fromCharCode(code)}x` })), code.toString(16)).toEqual([
        'must not contain text-direction control characters',
      ]);
    for (const name of ['บอทชุมชน 🤖', 'بوت المجتمع', 'בוט הקהילה', 'Ωmega Živý Bot'])
      expect(CreateApiKeyRequest.safeParse({ name }).success, name).toBe(true);
  });

  // Decision 0067 review: a zero-width joiner after every four marks kept each run under five while all
  // of them still piled on one letter; U+2028 broke the line; U+2800 showed nothing.
  it('counts stacked marks across invisible joiners, and refuses line separators and the blank Braille pattern', () => {
    const piled = `a${`${'\u0301'.repeat(4)}\u200d`.repeat(3)}`;
    expect(messages(CreateApiKeyRequest.safeParse({ name: piled }))).toEqual(['must not stack more than 4 marks on one letter']);
    expect(showStoredText(piled)).toBe(`a${'\u0301'.repeat(4)}\u200d${'[U+0301]'.repeat(4)}\u200d${'[U+0301]'.repeat(4)}\u200d`);
    expect(messages(CreateApiKeyRequest.safeParse({ name: 'a\u2028b' }))).toEqual([
      'must not contain control characters, such as a line break, a tab or an escape',
    ]);
    expect(showStoredText('a\u2028b\u2029c')).toBe('a[U+2028]b[U+2029]c');
    expect(messages(CreateApiKeyRequest.safeParse({ name: '\u2800\u2800' }))).toEqual(['must not be empty']);
    // An emoji sequence with its joiners and selectors, and Thai, are still names.
    for (const name of ['❤️‍🔥 บอท', '👨‍👩‍👧‍👦 family bot', 'ที่นี่']) expect(CreateApiKeyRequest.safeParse({ name }).success, name).toBe(true);
  });
});
