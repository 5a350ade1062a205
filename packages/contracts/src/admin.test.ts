import { describe, expect, it } from 'vitest';
import { CreateApiKeyRequest, GrantRequest } from './admin';

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
});
