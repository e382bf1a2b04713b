// The environment, parsed and checked once at start (DESIGN.md section 2). A bad value stops the
// program with a message naming the variable.
import { isIP } from 'node:net';
import path from 'node:path';
import { IDEMPOTENCY_TTL_DAYS } from '../shared/constants';

/** The Firebase Auth emulator's project id: a `demo-` id never reaches a real Google service. */
export const EMULATOR_PROJECT_ID = 'demo-pharmacy';
export const EMULATOR_API_KEY = 'demo-api-key';

export type IdentityConfig =
  | { mode: 'firebase'; projectId: string; apiKey: string; authDomain: string }
  /** `host` is `host:port` of a running emulator; null until the server has started its own. */
  | { mode: 'emulator'; host: string | null; port: number; projectId: typeof EMULATOR_PROJECT_ID };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The built PWA (`vite build` output). */
  distDir: string;
  /** SKIP_BUILD=1: `npm start` serves the API without building the app. */
  skipBuild: boolean;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  identity: IdentityConfig;
  pharmacyName: string;
  /** Contact lines for patient emails; unset ones are left out. */
  pharmacyPhone: string | undefined;
  pharmacyAddress: string | undefined;
  pharmacyHours: string | undefined;
  /** Sender address of patient emails. */
  mailFrom: string | undefined;
  timeZone: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Requests per minute and IP on the API (generous: a busy counter tablet stays far below). */
  rateLimitPerMinute: number;
  /** The rate limit's window (a minute; tests shorten it). */
  rateLimitWindowMs: number;
  bodyLimitBytes: number;
  /** How long a user's role (custom claim) is trusted before it is read again. */
  roleCacheMs: number;
  /** Incoming requests a minute the server writes itself, as the customer site would (0: none). */
  simulatePerMinute: number;
  /** How often an open change stream re-checks its caller's token and role (at most a minute). */
  streamRecheckMs: number;
  /** Comment lines sent on an idle change stream, so proxies keep it open. */
  streamHeartbeatMs: number;
  /** Days an Idempotency-Key and its answer are kept (the app refuses to replay older changes). */
  idempotencyKeyDays: number;
  /** How long an email being sent is reserved for its sender (MAIL_LEASE_SECONDS). */
  mailLeaseMs: number;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs (TRUST_PROXY). */
  trustProxy: TrustProxy;
}

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function flag(env: Env, name: string): boolean {
  const raw = optional(env, name)?.toLowerCase();
  if (raw === undefined || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(name, `expected 1 or 0, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL, got ${parsed.protocol}`);
  }
  return raw;
}

function timeZone(env: Env): string {
  const zone = optional(env, 'PHARMACY_TIMEZONE') ?? 'America/Toronto';
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    throw new ConfigError('PHARMACY_TIMEZONE', `unknown time zone "${zone}"`);
  }
  return zone;
}

function hostPort(env: Env, name: string): string | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return undefined;
  if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(raw) && !/^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(raw)) {
    throw new ConfigError(name, `expected host:port, got "${raw}"`);
  }
  return raw;
}

function identity(env: Env): IdentityConfig {
  const projectId = optional(env, 'FIREBASE_PROJECT_ID');
  if (projectId) {
    const apiKey = optional(env, 'FIREBASE_API_KEY');
    if (!apiKey) throw new ConfigError('FIREBASE_API_KEY', 'is required with FIREBASE_PROJECT_ID');
    return {
      mode: 'firebase',
      projectId,
      apiKey,
      authDomain: optional(env, 'FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    };
  }
  return {
    mode: 'emulator',
    host: hostPort(env, 'FIREBASE_AUTH_EMULATOR_HOST') ?? null,
    port: integer(env, 'AUTH_EMULATOR_PORT', 9099, 1, 65535),
    projectId: EMULATOR_PROJECT_ID,
  };
}

/** Names and addresses that only this machine can reach. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

function listenHost(env: Env, identity: IdentityConfig): string {
  const host = optional(env, 'HOST') ?? '127.0.0.1';
  // The emulator signs nothing: firebase-admin accepts any unsigned token it is shown, so anyone
  // who could reach the server could forge an admin. Emulator mode serves this machine only.
  if (identity.mode === 'emulator' && !isLoopback(host)) {
    throw new ConfigError(
      'HOST',
      `"${host}" would let other machines in, but the Firebase Auth emulator accepts unsigned ` +
        'tokens, so anyone reaching the server could sign in as an admin. Keep HOST=127.0.0.1 ' +
        '(the emulator is for one machine), or configure a real Firebase project ' +
        '(FIREBASE_PROJECT_ID, FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN) to serve other devices',
    );
  }
  return host;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** TRUST_PROXY: unset/0/false = trust no proxy; a hop count; or addresses/CIDRs, comma-separated. */
function trustProxy(env: Env): TrustProxy {
  const raw = optional(env, 'TRUST_PROXY');
  if (raw === undefined || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 10) throw new ConfigError('TRUST_PROXY', `expected a hop count from 1 to 10, got "${raw}"`);
    return Number(raw);
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY',
      `expected a hop count or comma-separated IP addresses / CIDR ranges, got "${bad}"`,
    );
  }
  return entries;
}

function mailFrom(env: Env): string | undefined {
  const value = optional(env, 'MAIL_FROM');
  if (value !== undefined && !/^[^\s@]+@[^\s@]+$/.test(value)) {
    throw new ConfigError('MAIL_FROM', `expected an email address, got "${value}"`);
  }
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function logLevel(env: Env): Config['logLevel'] {
  const raw = optional(env, 'LOG_LEVEL') ?? 'info';
  const level = LOG_LEVELS.find((l) => l === raw);
  if (!level) throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const identityConfig = identity(env);
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: listenHost(env, identityConfig),
    dataDir: path.resolve(cwd, optional(env, 'DATA_DIR') ?? 'data'),
    distDir: path.resolve(cwd, optional(env, 'DIST_DIR') ?? 'dist'),
    skipBuild: flag(env, 'SKIP_BUILD'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    identity: identityConfig,
    pharmacyName: optional(env, 'PHARMACY_NAME') ?? 'Trillium Street Pharmacy',
    pharmacyPhone: optional(env, 'PHARMACY_PHONE'),
    pharmacyAddress: optional(env, 'PHARMACY_ADDRESS'),
    pharmacyHours: optional(env, 'PHARMACY_HOURS'),
    mailFrom: mailFrom(env),
    timeZone: timeZone(env),
    logLevel: logLevel(env),
    // Generous: the staff of one pharmacy share an address, and a tablet back online replays its
    // whole outbox at once (it honours Retry-After when it does hit the limit).
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 3000, 1, 1_000_000),
    rateLimitWindowMs: 60_000,
    bodyLimitBytes: 256 * 1024,
    roleCacheMs: 30_000,
    simulatePerMinute: integer(env, 'SIMULATE_PER_MINUTE', 0, 0, 60_000),
    streamRecheckMs: 25_000,
    streamHeartbeatMs: 15_000,
    idempotencyKeyDays: integer(env, 'IDEMPOTENCY_KEY_DAYS', IDEMPOTENCY_TTL_DAYS, 7, 3650),
    mailLeaseMs: integer(env, 'MAIL_LEASE_SECONDS', 300, 4, 3600) * 1000,
    trustProxy: trustProxy(env),
  };
}

/** For the command-line tools: print the bad setting and stop. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}
