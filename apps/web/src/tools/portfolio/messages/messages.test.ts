import { describe, expect, it } from 'vitest';
import { messageKeys } from '@/lib/i18n/message-parity';
import en from './en.json';
import th from './th.json';

// Issue 16 item 1: 002's English texts stay exact in English; Thai has a text for every one of them.
describe('portfolio messages', () => {
  it("keeps 002's English word for word and has Thai for every text", () => {
    expect(en.pending).toBe('Further development is pending approval...');
    expect(en.endSession).toBe('End Session');
    expect(en.alert).toHaveLength(8);
    expect(th.alert).toHaveLength(8);
    expect(messageKeys(th)).toEqual(messageKeys(en));
  });
});
