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
