/**
 * The core/events topic of access changes (issue 10 item 3): whatever stays open on a person's
 * behalf (an event stream) checks its access again when it hears one. On PostgreSQL NOTIFY carries
 * them to every server process, the CLI's changes included.
 */
export const AUTH_TOPIC = 'auth';

export type AuthEvent =
  /** A session of this subject was deleted (logout). Expiry is not announced: holders know the time. */
  | { kind: 'session.ended'; subject: string }
  /** A grant of this Discord user was given or revoked. */
  | { kind: 'grants.changed'; discordId: string };
