import { expect } from 'vitest';
import type { ErrorCatalogue } from '@guildhall/contracts/core';
import { schoolI18n } from './school-i18n';

const THAI = /[\u0E00-\u0E7F]/;

/** The message for a key in one language, without falling back to another language or namespace. */
export function schoolMessage(lng: 'en' | 'th', namespace: string, key: string): unknown {
  return schoolI18n.exists(key, { lng, ns: namespace, fallbackLng: false }) ? schoolI18n.getResource(lng, namespace, key) : undefined;
}

/**
 * Issue 16 item 1, for a test of each tool's messages: every code of the tool's catalogue (from the
 * contracts, so a code added there without its messages fails) has the server's sentence in English
 * and a Thai one, and every reason the server names has an English and a Thai message.
 */
export function expectRefusalMessages(namespace: string, errors: ErrorCatalogue, reasons: readonly string[]): void {
  for (const [code, { sentence }] of Object.entries(errors)) {
    expect(schoolMessage('en', namespace, `errors.${code}`), code).toBe(sentence);
    expect(schoolMessage('th', namespace, `errors.${code}`), code).toMatch(THAI);
  }
  for (const reason of reasons) {
    expect(schoolMessage('en', namespace, `reasons.${reason}`), reason).toEqual(expect.any(String));
    expect(schoolMessage('th', namespace, `reasons.${reason}`), reason).toMatch(THAI);
  }
}
