import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'manto-config-'));

describe('configuration', () => {
  it('has working defaults and generates a signing secret kept in DATA_DIR outside production', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      smtpUrl: null,
      admin: null,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
    expect(config.social.google).toBeNull();
    expect(config.votes).toEqual({ minDecisionMs: 700, ratePerMinute: 60, dailyCap: 500 });
    expect(config.loginBackoffMs).toBe(1_000);
  });

  it('takes the first sign-in backoff wait from LOGIN_BACKOFF_MS, between 1 ms and 60 s', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), LOGIN_BACKOFF_MS: '60000' }).loginBackoffMs).toBe(60_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOGIN_BACKOFF_MS: '0' })).toThrow(/LOGIN_BACKOFF_MS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOGIN_BACKOFF_MS: '60001' })).toThrow(/LOGIN_BACKOFF_MS/);
  });

  it('seeds demo data by default only outside production; production seeds it only when asked', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir() }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: dataDir() }).seedDemo).toBe(false);
    const asked = loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: dataDir(), SEED_DEMO: 'true' });
    expect(asked.seedDemo).toBe(true);
  });

  it('keeps the shop off unless SHOP_ENABLED turns it on', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shopEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), SHOP_ENABLED: 'true' }).shopEnabled).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), SHOP_ENABLED: '1' }).shopEnabled).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), SHOP_ENABLED: 'false' }).shopEnabled).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHOP_ENABLED: 'maybe' })).toThrow(/SHOP_ENABLED/);
  });

  it('trusts X-Forwarded-For only as far as TRUST_PROXY says: true is one proxy, never everyone', () => {
    const trust = (TRUST_PROXY?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(TRUST_PROXY ? { TRUST_PROXY } : {}) });
    expect(trust().trustProxy).toBe(false);
    expect(trust('false').trustProxy).toBe(false);
    expect(trust('true').trustProxy).toBe(1);
    expect(trust('2').trustProxy).toBe(2);
    expect(trust('10.0.0.1, 172.16.0.0/12,::1').trustProxy).toBe('10.0.0.1,172.16.0.0/12,::1');
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY: use false, true \(one proxy\), a hop count/);
  });

  it('lists every bad variable in one readable message', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'a@b.co',
        DATA_DIR: dataDir(),
      });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'DATABASE_URL']) expect(message).toContain(`${name}:`);
  });

  it('hashes passwords at the production cost unless a test run asks for less (PASSWORD_HASHING=test)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).passwordHashing).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASHING: 'test', DATA_DIR: dataDir() }).passwordHashing).toBe(
      'test',
    );
    const secret = 'x'.repeat(40);
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV, JWT_SECRET: secret, PASSWORD_HASHING: 'test', DATA_DIR: dataDir() })).toThrow(
        /PASSWORD_HASHING: "test" is only for NODE_ENV=test/,
      );
    expect(() => loadConfig({ PASSWORD_HASHING: 'cheap', DATA_DIR: dataDir() })).toThrow(/PASSWORD_HASHING/);
    // loadConfig sets the process's hashing cost: back to the production one.
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir() });
  });

  it('requires JWT_SECRET in production and both admin variables together', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /JWT_SECRET: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', DATA_DIR: dataDir() })).toThrow(/ADMIN_EMAIL\/ADMIN_PASSWORD/);
    expect(() => loadConfig({ JWT_SECRET: 'short', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET/);
  });

  it('reads social providers only when both id and secret are set, with an issuer override', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_ISSUER: 'http://127.0.0.1:9/',
      APPLE_CLIENT_ID: 'only-id',
    });
    expect(config.social.google).toEqual({ clientId: 'id', clientSecret: 's', issuer: 'http://127.0.0.1:9' });
    expect(config.social.apple).toBeNull();
  });

  it('parses the CORS allow-list', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('keeps the segment threshold at 10 voters or more, and reads the fit workers and segment interval', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.rankings).toMatchObject({
      segments: true,
      segmentMinVoters: 30,
      segmentIntervalSeconds: 600,
      fitWorkers: 2,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), SEGMENT_MIN_VOTERS: '10' }).rankings.segmentMinVoters).toBe(10);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SEGMENT_MIN_VOTERS: '9' })).toThrow(
      /SEGMENT_MIN_VOTERS: must be at least 10/,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), SEGMENTS_ENABLED: 'false' }).rankings.segments).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), RANKING_FIT_WORKERS: '1' }).rankings.fitWorkers).toBe(1);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RANKING_FIT_WORKERS: '0' })).toThrow(/RANKING_FIT_WORKERS/);
  });

  it('keeps where votes came from 30 days by default, at least a day (VOTE_TRACE_RETENTION_DAYS)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).voteTraceRetentionDays).toBe(30);
    expect(loadConfig({ DATA_DIR: dataDir(), VOTE_TRACE_RETENTION_DAYS: '7' }).voteTraceRetentionDays).toBe(7);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VOTE_TRACE_RETENTION_DAYS: '0' })).toThrow(
      /VOTE_TRACE_RETENTION_DAYS/,
    );
  });

  it('turns the metrics route on only with a long enough METRICS_TOKEN', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeNull();
    const token = 'p'.repeat(24);
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 24 characters/,
    );
  });
});
