import type { AuditAction } from '@guildhall/contracts/admin';

/** A stored time as UTC, the same for every owner wherever they are. */
export const formatTime = (ms: number | null) => (ms === null ? '—' : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`);

export const ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  'grant.given': 'Role granted',
  'grant.revoked': 'Role revoked',
  'api_key.created': 'Key created',
  'api_key.revoked': 'Key revoked',
};

/** Who did it, in words: the CLI on the server, or a kind of sign-in and its id. */
export function describeActor(kind: string, id: string): string {
  if (kind === 'cli') return `Command line (${id})`;
  if (kind === 'school') return `Student ${id}`;
  if (kind === 'line') return `LINE ${id}`;
  return `Discord ${id}`;
}
