// The environment is parsed once; a bad value stops the program with a message naming it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/pharmacy');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/pharmacy/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      timeZone: 'America/Toronto',
      skipBuild: false,
      identity: { mode: 'emulator', host: null, port: 9099, projectId: 'demo-pharmacy' },
      idempotencyKeyDays: 30,
    });
    expect(loadConfig({ IDEMPOTENCY_KEY_DAYS: '90' }).idempotencyKeyDays).toBe(90);
    expect(() => loadConfig({ IDEMPOTENCY_KEY_DAYS: '3' })).toThrow(/IDEMPOTENCY_KEY_DAYS/);
  });

  it('picks the identity service: a real project, else a running emulator, else its own', () => {
    expect(
      loadConfig({
        FIREBASE_PROJECT_ID: 'acme',
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }).identity,
    ).toEqual({
      mode: 'firebase',
      projectId: 'acme',
      apiKey: 'k',
      authDomain: 'acme.firebaseapp.com',
    });
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9500' }).identity).toMatchObject({
      mode: 'emulator',
      host: '127.0.0.1:9500',
    });
    expect(loadConfig({ AUTH_EMULATOR_PORT: '9199' }).identity).toMatchObject({
      host: null,
      port: 9199,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['AUTH_EMULATOR_PORT', '-1'],
    ['DATABASE_URL', 'mysql://db/x'],
    ['SMTP_URL', 'not a url'],
    ['PHARMACY_TIMEZONE', 'Mars/Olympus_Mons'],
    ['FIREBASE_AUTH_EMULATOR_HOST', 'localhost'],
    ['LOG_LEVEL', 'loud'],
    ['SKIP_BUILD', 'maybe'],
    ['MAIL_FROM', 'pharmacy'],
    ['RATE_LIMIT_WINDOW', '10'],
    ['RATE_LIMIT_WINDOW', '500ms'],
    ['RATE_LIMIT_WINDOW', '2d'],
    ['ROLE_CACHE', '500ms'],
    ['ROLE_CACHE', '10m'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}: `));
  });

  it('keeps emulator mode on this machine: a HOST others can reach is refused, saying why', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'pharmacy.lan']) {
      expect(() => loadConfig({ HOST: host })).toThrow(ConfigError);
      expect(() => loadConfig({ HOST: host })).toThrow(/^HOST: .*unsigned tokens.*FIREBASE_PROJECT_ID/);
    }
    // A real project signs its tokens: any address will do.
    const real = { FIREBASE_PROJECT_ID: 'acme', FIREBASE_API_KEY: 'k' };
    expect(loadConfig({ ...real, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads TRUST_PROXY as off, a hop count, or addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '11', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.1,', 'proxy.lan']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^TRUST_PROXY: /);
    }
  });

  it('reads RATE_LIMIT_WINDOW as a duration, a minute by default', () => {
    expect(loadConfig({}).rateLimitWindowMs).toBe(60_000);
    expect(loadConfig({ RATE_LIMIT_WINDOW: '10s' }).rateLimitWindowMs).toBe(10_000);
    expect(loadConfig({ RATE_LIMIT_WINDOW: '1500ms' }).rateLimitWindowMs).toBe(1500);
    expect(loadConfig({ RATE_LIMIT_WINDOW: '2m' }).rateLimitWindowMs).toBe(120_000);
    expect(loadConfig({ RATE_LIMIT_WINDOW: '1h' }).rateLimitWindowMs).toBe(3_600_000);
    expect(() => loadConfig({ RATE_LIMIT_WINDOW: 'soon' })).toThrow(
      'RATE_LIMIT_WINDOW: expected a duration from 1s to 24h such as 10s or 1m, got "soon"',
    );
  });

  it('reads OFFLINE_TRUST as a duration, three days by default', () => {
    expect(loadConfig({}).offlineTrustMs).toBe(3 * 24 * 3_600_000);
    expect(loadConfig({ OFFLINE_TRUST: '12h' }).offlineTrustMs).toBe(12 * 3_600_000);
    expect(loadConfig({ OFFLINE_TRUST: '7d' }).offlineTrustMs).toBe(7 * 24 * 3_600_000);
    expect(() => loadConfig({ OFFLINE_TRUST: '0' })).toThrow(
      'OFFLINE_TRUST: expected a duration from 1m to 90d such as 12h or 3d, got "0"',
    );
  });

  it('reads ROLE_CACHE as a duration, thirty seconds by default, and rechecks streams no less often', () => {
    expect(loadConfig({})).toMatchObject({ roleCacheMs: 30_000, streamRecheckMs: 25_000 });
    expect(loadConfig({ ROLE_CACHE: '2s' })).toMatchObject({ roleCacheMs: 2000, streamRecheckMs: 2000 });
    expect(loadConfig({ ROLE_CACHE: '5m' })).toMatchObject({ roleCacheMs: 300_000, streamRecheckMs: 25_000 });
  });

  it('reads SESSION_MAX_AGE as a duration, twelve hours by default', () => {
    expect(loadConfig({}).sessionMaxAgeMs).toBe(12 * 3_600_000);
    expect(loadConfig({ SESSION_MAX_AGE: '8h' }).sessionMaxAgeMs).toBe(8 * 3_600_000);
    expect(loadConfig({ SESSION_MAX_AGE: '2d' }).sessionMaxAgeMs).toBe(2 * 24 * 3_600_000);
    // Seconds only for tests (the e2e of a session's end waits it out).
    expect(loadConfig({ SESSION_MAX_AGE: '30s' }).sessionMaxAgeMs).toBe(30_000);
    for (const bad of ['0', '12', '10s', '31d', 'twelve hours', '-1h']) {
      expect(() => loadConfig({ SESSION_MAX_AGE: bad })).toThrow(
        `SESSION_MAX_AGE: expected a duration from 20s to 30d such as 8h or 12h, got "${bad}"`,
      );
    }
  });

  it('reads IDLE_LOCK_AFTER as a duration, five minutes by default, 0 for never', () => {
    expect(loadConfig({}).idleLockAfterMs).toBe(5 * 60_000);
    expect(loadConfig({ IDLE_LOCK_AFTER: '10s' }).idleLockAfterMs).toBe(10_000);
    expect(loadConfig({ IDLE_LOCK_AFTER: '15m' }).idleLockAfterMs).toBe(15 * 60_000);
    expect(loadConfig({ IDLE_LOCK_AFTER: '0' }).idleLockAfterMs).toBe(0);
    for (const bad of ['500ms', '25h', 'off', '5 m', '0s']) {
      expect(() => loadConfig({ IDLE_LOCK_AFTER: bad })).toThrow(
        `IDLE_LOCK_AFTER: expected a duration from 1s to 24h such as 30s or 5m, or 0 for never, got "${bad}"`,
      );
    }
  });

  it('reads MAIL_BODY_RETENTION as a duration, seven days by default', () => {
    expect(loadConfig({}).mailBodyRetentionMs).toBe(7 * 24 * 3_600_000);
    expect(loadConfig({ MAIL_BODY_RETENTION: '36h' }).mailBodyRetentionMs).toBe(36 * 3_600_000);
    for (const bad of ['0', '30s', '3651d', '1w']) {
      expect(() => loadConfig({ MAIL_BODY_RETENTION: bad })).toThrow(
        `MAIL_BODY_RETENTION: expected a duration from 1m to 3650d such as 12h or 7d, got "${bad}"`,
      );
    }
  });

  it('writes patient emails in PATIENT_EMAIL_LANGUAGE: en by default, or fr', () => {
    expect(loadConfig({}).patientEmailLanguage).toBe('en');
    expect(loadConfig({ PATIENT_EMAIL_LANGUAGE: '' }).patientEmailLanguage).toBe('en');
    expect(loadConfig({ PATIENT_EMAIL_LANGUAGE: 'en' }).patientEmailLanguage).toBe('en');
    expect(loadConfig({ PATIENT_EMAIL_LANGUAGE: 'fr' }).patientEmailLanguage).toBe('fr');
    expect(loadConfig({ PATIENT_EMAIL_LANGUAGE: ' fr ' }).patientEmailLanguage).toBe('fr');
    for (const bad of ['de', 'FR', 'fr-CA', 'french']) {
      expect(() => loadConfig({ PATIENT_EMAIL_LANGUAGE: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ PATIENT_EMAIL_LANGUAGE: bad })).toThrow(`PATIENT_EMAIL_LANGUAGE: expected one of en, fr, got "${bad}"`);
    }
  });

  it('requires STARTTLS on smtp:// except to this machine, unless SMTP_REQUIRE_TLS says otherwise', () => {
    const requireTls = (env: Record<string, string>) => loadConfig(env).smtpRequireTls;
    expect(requireTls({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' })).toBe(true);
    expect(requireTls({ SMTP_URL: 'smtp://10.0.0.5:25' })).toBe(true);
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '127.0.0.2']) {
      expect(requireTls({ SMTP_URL: `smtp://${host}:2525` }), host).toBe(false);
    }
    // TLS from the first byte: STARTTLS has no part in it.
    expect(requireTls({ SMTP_URL: 'smtps://mail.example.com:465' })).toBe(false);
    expect(requireTls({ SMTP_URL: 'smtp://mail.example.com:587', SMTP_REQUIRE_TLS: '0' })).toBe(false);
    expect(requireTls({ SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_REQUIRE_TLS: '1' })).toBe(true);
    expect(() => loadConfig({ SMTP_REQUIRE_TLS: 'yes' })).toThrow('SMTP_REQUIRE_TLS: expected 1 or 0, got "yes"');
    for (const param of ['ignoreTLS=true', 'requireTLS=false', 'secure=false', 'opportunisticTLS=true']) {
      expect(() => loadConfig({ SMTP_URL: `smtps://mail.example.com:465?${param}` }), param).toThrow(/^SMTP_URL: sets /);
    }
  });

  it('needs an API key with a real project', () => {
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'acme' })).toThrow(/^FIREBASE_API_KEY: /);
  });

  it('stops npm start with the variable named and exit code 2', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/start.ts'],
      { cwd: root, env: { ...process.env, PORT: 'eighty' }, encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Invalid configuration: PORT:');
  });

  it('stops npm start in emulator mode on a HOST other machines can reach', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '0.0.0.0', SKIP_BUILD: '1' };
    delete env.FIREBASE_PROJECT_ID;
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/start.ts'],
      { cwd: root, env, encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Invalid configuration: HOST: "0.0.0.0"');
    expect(result.stderr).toContain('unsigned tokens');
    expect(result.stderr).toContain('FIREBASE_PROJECT_ID');
  });
});
