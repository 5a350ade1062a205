import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect([...config.enabledTools]).toEqual(['recruitment', 'bureau', 'appointments', 'timetable', 'sports', 'portfolio']);
    expect(config.devSignIn).toBe(true);
    expect(config.seedDemoData).toBe(true);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ENABLED_TOOLS: 'bureau,chess' })).toThrow(/ENABLED_TOOLS: unknown tool\(s\) chess/);
    expect(() => loadConfig({ DISCORD_BASE_URL: 'ftp://x' })).toThrow(/DISCORD_BASE_URL/);
  });

  it('refuses a headers timeout longer than the request timeout (Node would throw at listen)', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });

  it('takes TRUST_PROXY as the proxies to trust, refusing true and hop counts with a sentence (issue 12 item 1)', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,loopback,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust every hop, so a client could choose its own address/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count cannot tell the proxy from a client/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300,10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: not an address or CIDR: 10.0.0.300, 10.0.0.0\/33/,
    );
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('refuses the development sign-in in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example', DEV_SIGN_IN: 'true' })).toThrow(ConfigError);
    const prod = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example' });
    expect(prod.devSignIn).toBe(false);
    expect(prod.seedDemoData).toBe(false);
  });

  it('refuses demo data in production with a sentence (issue 10 item 6: the README prints its passwords)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://x.example' };
    expect(() => loadConfig({ ...production, SEED_DEMO_DATA: 'true' })).toThrow(
      new ConfigError(
        'SEED_DEMO_DATA: the demo data (accounts whose passwords the README prints) cannot be seeded when NODE_ENV=production',
      ),
    );
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('turns the development sign-in off when Discord credentials exist', () => {
    expect(loadConfig({ DISCORD_CLIENT_ID: 'a', DISCORD_CLIENT_SECRET: 'b' }).devSignIn).toBe(false);
    expect(() => loadConfig({ DISCORD_CLIENT_ID: 'a' })).toThrow(/DISCORD_CLIENT_SECRET/);
  });

  // Decision 0044: every request line for a developer, the notable ones in production; the old flag still reads.
  it('takes LOG_REQUESTS as all, notable or none, defaulting by NODE_ENV', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://x.example' };
    expect(loadConfig({}).requestLog).toBe('all');
    expect(loadConfig(production).requestLog).toBe('notable');
    expect(loadConfig({ ...production, LOG_REQUESTS: 'all' }).requestLog).toBe('all');
    expect(loadConfig({ LOG_REQUESTS: 'notable' }).requestLog).toBe('notable');
    expect(loadConfig({ ...production, LOG_REQUESTS: 'true' }).requestLog).toBe('all');
    expect(loadConfig({ LOG_REQUESTS: 'false' }).requestLog).toBe('none');
    expect(loadConfig({ LOG_REQUESTS: 'none' }).requestLog).toBe('none');
    expect(() => loadConfig({ LOG_REQUESTS: 'some' })).toThrow(/LOG_REQUESTS: must be all, notable or none/);
  });

  it('parses a subset of tools', () => {
    expect([...loadConfig({ ENABLED_TOOLS: 'bureau, portfolio' }).enabledTools]).toEqual(['bureau', 'portfolio']);
  });
});

describe('.env.example', () => {
  it('documents every variable the server reads, and no other', async () => {
    const { readFileSync } = await import('node:fs');
    const { EnvSchema } = await import('./config');
    const text = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(Object.keys(EnvSchema.shape).sort());
  });

  it('holds only values the server accepts', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const env = Object.fromEntries([...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]));
    expect(() => loadConfig(env)).not.toThrow();
  });
});
