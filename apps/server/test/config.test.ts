import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const dataDir = mkdtempSync(join(tmpdir(), 'rozmova-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const base = { DATA_DIR: dataDir, JWT_SECRET: 'a-long-enough-secret-123' };

function failure(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      mailFrom: 'Rozmova <no-reply@localhost>',
      publicUrl: 'http://localhost:3000',
      iceServers: [],
      seedDemo: true,
      magicLinkSecret: undefined,
      timeZone: 'Europe/Kyiv',
      rateLimits: true,
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(failure({ TRUST_PROXY: 'the proxy' })).toContain('TRUST_PROXY:');
  });

  it('generates a signing secret once and keeps it in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('generates the clinical notes key once and keeps it in DATA_DIR, readable by its owner only', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).recordsKeyring;
    expect(first.current).toBe(1);
    expect(first.keys.get(1)).toHaveLength(32);
    const file = join(dataDir, 'records-key');
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toEqual(first.keys.get(1));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).recordsKeyring).toEqual(first);
  });

  it('takes RECORDS_KEY as one base64 key or as versioned keys, the first being current', () => {
    const [k1, k2] = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    expect(loadConfig({ ...base, RECORDS_KEY: k1.toString('base64') }).recordsKeyring).toEqual({
      current: 1,
      keys: new Map([[1, k1]]),
    });
    const rotated = loadConfig({ ...base, RECORDS_KEY: `2:${k2.toString('base64')},1:${k1.toString('base64')}` });
    expect(rotated.recordsKeyring).toEqual({
      current: 2,
      keys: new Map([
        [2, k2],
        [1, k1],
      ]),
    });
    expect(failure({ RECORDS_KEY: 'nope' })).toContain('RECORDS_KEY: must be 32 bytes in base64');
  });

  it('reads every variable and treats empty ones as unset', () => {
    const config = loadConfig({
      ...base,
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rozmova',
      PUBLIC_URL: 'https://rozmova.example/',
      ICE_SERVERS: '[{"urls":"stun:stun.example:3478"}]',
      RATE_LIMITS: 'off',
      TIME_ZONE: 'America/New_York',
      MAGIC_LINK_SECRET: '',
      SMTP_URL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/rozmova',
      publicUrl: 'https://rozmova.example',
      iceServers: [{ urls: 'stun:stun.example:3478' }],
      rateLimits: false,
      timeZone: 'America/New_York',
      seedDemo: false,
      magicLinkSecret: undefined,
      smtpUrl: undefined,
    });
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['TIME_ZONE', 'Mars/Olympus'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail.example'],
    ['REDIS_URL', 'localhost:6379'],
    ['ICE_SERVERS', '{"urls":"stun:x"}'],
    ['ICE_SERVERS', '[broken'],
    ['ICE_SERVERS', '[{"url":"stun:x"}]'],
    ['RATE_LIMITS', 'sometimes'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'short'],
    ['MAGIC_LINK_SECRET', 'short'],
    ['SEED_DEMO', 'maybe'],
    ['RECORDS_KEY', 'too-short'],
    ['RECORDS_KEY', Buffer.alloc(16).toString('base64')],
    ['RECORDS_KEY', `0:${Buffer.alloc(32).toString('base64')}`],
  ])('refuses %s=%s with a ConfigError naming it', (name, value) => {
    expect(failure({ [name]: value })).toContain(`${name}:`);
  });

  it('names every bad variable at once', () => {
    const message = failure({ PORT: '-1', DATABASE_URL: 'sqlite:x', TIME_ZONE: 'Nowhere/City', LOG_LEVEL: 'chatty' });
    for (const name of ['PORT', 'DATABASE_URL', 'TIME_ZONE', 'LOG_LEVEL']) expect(message).toContain(`${name}:`);
  });
});
