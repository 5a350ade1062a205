import type pg from 'pg';

/**
 * The settings a pool connects with, for a connection of its own beside it (pg-boss's admin
 * connection, decision 0041; the liveness check, decision 0049). They include the session set-up
 * (`onConnect`, decision 0049), so a pool built from them needs an 'error' listener as the app's pool
 * has: a set-up cut for silence is an error event on its pool. pg-pool keeps the password out of its
 * options' enumerable keys, so a plain spread would connect without it: it is copied by name.
 */
export function poolSettings(pool: pg.Pool): pg.PoolConfig {
  const settings = pool.options as pg.PoolConfig;
  return { ...settings, password: settings.password };
}
