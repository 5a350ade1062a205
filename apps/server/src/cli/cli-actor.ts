import os from 'node:os';
import type { AuditActor } from '../core/audit/audit-log';

/** Issue 12 item 7: the CLI's changes are in the audit log too, as the shell user on the server. */
export function cliActor(): AuditActor {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // A container user without a passwd entry has no name; the log still says it was the CLI.
  }
  return { kind: 'cli', id: `${user}@${os.hostname()}`, address: null };
}
