// The environment, parsed and checked once at start (DESIGN.md section 2): a TypeBox schema of
// every variable, each a text checked and converted by a small converter. A bad value stops the
// program with a message naming the variable (STYLE.md rule 7).
import { isIP } from 'node:net';
import path from 'node:path';
import Type, { type StaticDecode } from 'typebox';
import Value from 'typebox/value';
import { IDEMPOTENCY_TTL_DAYS } from '../shared/constants';
import { PATIENT_EMAIL_LANGUAGES, type PatientEmailLanguage } from './mail/pharmacy-letter';

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
  /** Refuse an `smtp://` server that does not offer STARTTLS (SMTP_REQUIRE_TLS; on unless loopback). */
  smtpRequireTls: boolean;
  /** How long after delivery a sent email keeps its body (MAIL_BODY_RETENTION). */
  mailBodyRetentionMs: number;
  identity: IdentityConfig;
  pharmacyName: string;
  /** Contact lines for patient emails; unset ones are left out. */
  pharmacyPhone: string | undefined;
  pharmacyAddress: string | undefined;
  pharmacyHours: string | undefined;
  /** Sender address of patient emails. */
  mailFrom: string | undefined;
  /** The language patient emails are written in (PATIENT_EMAIL_LANGUAGE). */
  patientEmailLanguage: PatientEmailLanguage;
  timeZone: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Requests per window and IP on the API (generous: a busy counter tablet stays far below). */
  rateLimitPerMinute: number;
  /** The rate limit's window (RATE_LIMIT_WINDOW: a minute; tests shorten it). */
  rateLimitWindowMs: number;
  /** How long a device may admit an admin on its own word, offline, after the role was last verified (OFFLINE_TRUST). */
  offlineTrustMs: number;
  /** The oldest sign-in (`auth_time`) whose ID tokens are accepted (SESSION_MAX_AGE). */
  sessionMaxAgeMs: number;
  /** A device locks after this long without input (IDLE_LOCK_AFTER); 0: never. */
  idleLockAfterMs: number;
  bodyLimitBytes: number;
  /** How long a user's standing (role, disabled, sessions revoked) is trusted before it is read again (ROLE_CACHE). */
  roleCacheMs: number;
  /** Incoming requests a minute the server writes itself, as the customer site would (0: none). */
  simulatePerMinute: number;
  /** How often an open change stream re-checks its caller's token and role (at most a minute). */
  streamRecheckMs: number;
  /** Comment lines sent on an idle change stream, so proxies keep it open. */
  streamHeartbeatMs: number;
  /**
   * How long a device's presence (issue 19 §2) lasts without being said again: the safety net
   * behind its stream's close, for a device gone without its connection closing.
   */
  presenceTtlMs: number;
  /** Days an Idempotency-Key and its answer are kept (the app refuses to replay older changes). */
  idempotencyKeyDays: number;
  /** How long an email being sent is reserved for its sender (MAIL_LEASE_SECONDS). */
  mailLeaseMs: number;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** On SIGTERM/SIGINT, how long requests in flight and an email being sent may take to finish (SHUTDOWN_GRACE). */
  shutdownGraceMs: number;
  /** Bearer token that admits a non-loopback client to GET /metrics (METRICS_TOKEN); unset: loopback only. */
  metricsToken: string | undefined;
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

// ---- converters: text → setting, or a refusal saying what was expected ----

class Refusal extends Error {}

function refuse(message: string): never {
  throw new Refusal(message);
}

function wholeNumber(min: number, max: number) {
  return (raw: string): number => {
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      refuse(`expected a whole number from ${min} to ${max}, got "${raw}"`);
    }
    return Number(raw);
  };
}

function flag(raw: string): boolean {
  const value = raw.toLowerCase();
  if (value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  return refuse(`expected 1 or 0, got "${value}"`);
}

function url(...protocols: string[]) {
  return (raw: string): string => {
    if (!URL.canParse(raw)) refuse('is not a valid URL');
    const { protocol } = new URL(raw);
    if (!protocols.includes(protocol)) refuse(`expected a ${protocols.join(' or ')} URL, got ${protocol}`);
    return raw;
  };
}

function timeZone(raw: string): string {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: raw });
  } catch {
    refuse(`unknown time zone "${raw}"`);
  }
  return raw;
}

function hostPort(raw: string): string {
  if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(raw) && !/^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(raw)) {
    refuse(`expected host:port, got "${raw}"`);
  }
  return raw;
}

function emailAddress(raw: string): string {
  if (!/^[^\s@]+@[^\s@]+$/.test(raw)) refuse(`expected an email address, got "${raw}"`);
  return raw;
}

function oneOf<const T extends string>(values: readonly T[]) {
  return (raw: string): T => values.find((v) => v === raw) ?? refuse(`expected one of ${values.join(', ')}, got "${raw}"`);
}

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * `500ms`, `10s`, `1m`, `2h`, `3d`, as milliseconds, within bounds; with `off`, `0` too (turned off,
 * read as 0). `words` names the bounds and examples in the refusal.
 */
function duration(bounds: { min: number; max: number; words: string; off?: boolean }) {
  return (raw: string): number => {
    if (bounds.off && raw === '0') return 0;
    const [, amount, unit] = /^(\d+)(ms|s|m|h|d)$/.exec(raw) ?? [];
    const ms = amount && unit ? Number(amount) * DURATION_UNITS_MS[unit]! : NaN;
    if (!(ms >= bounds.min && ms <= bounds.max)) refuse(`expected a duration ${bounds.words}, got "${raw}"`);
    return ms;
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** 0/false = trust no proxy; a hop count; or addresses/CIDRs, comma-separated. */
function trustProxy(raw: string): TrustProxy {
  if (raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 10) refuse(`expected a hop count from 1 to 10, got "${raw}"`);
    return Number(raw);
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined) {
    refuse(`expected a hop count or comma-separated IP addresses / CIDR ranges, got "${bad}"`);
  }
  return entries;
}

const text = (raw: string) => raw;

/** A shared secret sent as a bearer token: long enough not to be guessed, one header token. */
function secret(raw: string): string {
  if (!/^[\x21-\x7e]{32,}$/.test(raw)) refuse('expected at least 32 visible characters with no spaces (e.g. `openssl rand -hex 32`)');
  return raw;
}

// ---- the schema ----

function refusalOf(convert: (raw: string) => unknown, raw: string): string | undefined {
  try {
    convert(raw);
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  }
}

/** The variable's text checked and converted by `convert`; unset (or blank) it is `fallback`. */
function setting<T>(convert: (raw: string) => T, fallback?: string) {
  const checked = Type.Refine(
    Type.String(fallback === undefined ? {} : { default: fallback }),
    (raw) => refusalOf(convert, raw) === undefined,
    (raw) => refusalOf(convert, raw) ?? '',
  );
  return Type.Decode(checked, (raw) => convert(raw));
}

/** A variable that may stay unset (undefined). */
function optional<T>(convert: (raw: string) => T) {
  return Type.Optional(setting(convert));
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const Environment = Type.Object({
  PORT: setting(wholeNumber(0, 65535), '8080'),
  HOST: setting(text, '127.0.0.1'),
  DATA_DIR: setting(text, 'data'),
  DIST_DIR: setting(text, 'dist'),
  SKIP_BUILD: setting(flag, '0'),
  DATABASE_URL: optional(url('postgres:', 'postgresql:')),
  SMTP_URL: optional(url('smtp:', 'smtps:')),
  SMTP_REQUIRE_TLS: optional(flag),
  MAIL_BODY_RETENTION: setting(duration({ min: 60_000, max: 3650 * DAY_MS, words: 'from 1m to 3650d such as 12h or 7d' }), '7d'),
  FIREBASE_PROJECT_ID: optional(text),
  FIREBASE_API_KEY: optional(text),
  FIREBASE_AUTH_DOMAIN: optional(text),
  FIREBASE_AUTH_EMULATOR_HOST: optional(hostPort),
  AUTH_EMULATOR_PORT: setting(wholeNumber(1, 65535), '9099'),
  PHARMACY_NAME: setting(text, 'Trillium Street Pharmacy'),
  PHARMACY_PHONE: optional(text),
  PHARMACY_ADDRESS: optional(text),
  PHARMACY_HOURS: optional(text),
  MAIL_FROM: optional(emailAddress),
  PATIENT_EMAIL_LANGUAGE: setting(oneOf(PATIENT_EMAIL_LANGUAGES), 'en'),
  PHARMACY_TIMEZONE: setting(timeZone, 'America/Toronto'),
  LOG_LEVEL: setting(oneOf(LOG_LEVELS), 'info'),
  // Generous: the staff of one pharmacy share an address, and a tablet back online replays its
  // whole outbox at once (it honours Retry-After when it does hit the limit).
  RATE_LIMIT_PER_MINUTE: setting(wholeNumber(1, 1_000_000), '3000'),
  RATE_LIMIT_WINDOW: setting(duration({ min: 1000, max: DAY_MS, words: 'from 1s to 24h such as 10s or 1m' }), '1m'),
  ROLE_CACHE: setting(duration({ min: 1000, max: 5 * 60_000, words: 'from 1s to 5m such as 30s' }), '30s'),
  OFFLINE_TRUST: setting(duration({ min: 60_000, max: 90 * DAY_MS, words: 'from 1m to 90d such as 12h or 3d' }), '3d'),
  SESSION_MAX_AGE: setting(duration({ min: 20_000, max: 30 * DAY_MS, words: 'from 20s to 30d such as 8h or 12h' }), '12h'),
  IDLE_LOCK_AFTER: setting(
    duration({ min: 1000, max: DAY_MS, off: true, words: 'from 1s to 24h such as 30s or 5m, or 0 for never' }),
    '5m',
  ),
  SIMULATE_PER_MINUTE: setting(wholeNumber(0, 60_000), '0'),
  IDEMPOTENCY_KEY_DAYS: setting(wholeNumber(7, 3650), String(IDEMPOTENCY_TTL_DAYS)),
  // Short: renewed while a send is under way, so only a dead worker's lease runs out, and its
  // email goes out again this soon after (mail/outbox-worker.ts).
  MAIL_LEASE_SECONDS: setting(wholeNumber(4, 3600), '8'),
  SHUTDOWN_GRACE: setting(duration({ min: 0, max: 10 * 60_000, words: 'from 0s to 10m such as 10s' }), '10s'),
  TRUST_PROXY: setting(trustProxy, '0'),
  METRICS_TOKEN: optional(secret),
});

type Environment = StaticDecode<typeof Environment>;

/** The schema's variables as set (trimmed; blank is unset), checked, then converted. */
function readEnvironment(env: Env): Environment {
  const given: Record<string, string> = {};
  for (const name of Object.keys(Environment.properties)) {
    const value = env[name]?.trim();
    if (value) given[name] = value;
  }
  const [error] = Value.Errors(Environment, Value.Default(Environment, given));
  if (error) throw new ConfigError(error.instancePath.slice(1), error.message);
  return Value.Decode(Environment, given);
}

// ---- settings that depend on each other ----

function identity(vars: Environment): IdentityConfig {
  const projectId = vars.FIREBASE_PROJECT_ID;
  if (projectId) {
    const apiKey = vars.FIREBASE_API_KEY;
    if (!apiKey) throw new ConfigError('FIREBASE_API_KEY', 'is required with FIREBASE_PROJECT_ID');
    return {
      mode: 'firebase',
      projectId,
      apiKey,
      authDomain: vars.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    };
  }
  return {
    mode: 'emulator',
    host: vars.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    port: vars.AUTH_EMULATOR_PORT,
    projectId: EMULATOR_PROJECT_ID,
  };
}

/** Names and addresses that only this machine can reach (brackets around IPv6 allowed). */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

function listenHost(host: string, identity: IdentityConfig): string {
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

/** nodemailer options an SMTP_URL's query could set, which would overrule SMTP_REQUIRE_TLS. */
const SMTP_TLS_PARAMS = ['secure', 'requireTLS', 'ignoreTLS', 'opportunisticTLS'];

/**
 * Whether the mail transport must upgrade an `smtp://` connection with STARTTLS: SMTP_REQUIRE_TLS
 * when set, else yes unless the server is on this machine (a local relay, a test server). The
 * patient's address and the letter would otherwise cross the network in clear.
 */
function smtpRequireTls(vars: Environment): boolean {
  if (vars.SMTP_URL) {
    const url = new URL(vars.SMTP_URL);
    const overruling = SMTP_TLS_PARAMS.find((name) => url.searchParams.has(name));
    if (overruling) {
      throw new ConfigError(
        'SMTP_URL',
        `sets ${overruling}: TLS is chosen by the scheme (smtps:// for TLS from the start) and SMTP_REQUIRE_TLS`,
      );
    }
    if (vars.SMTP_REQUIRE_TLS === undefined) return url.protocol === 'smtp:' && !isLoopback(url.hostname);
  }
  return vars.SMTP_REQUIRE_TLS ?? false;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const vars = readEnvironment(env);
  const identityConfig = identity(vars);
  return {
    port: vars.PORT,
    host: listenHost(vars.HOST, identityConfig),
    dataDir: path.resolve(cwd, vars.DATA_DIR),
    distDir: path.resolve(cwd, vars.DIST_DIR),
    skipBuild: vars.SKIP_BUILD,
    databaseUrl: vars.DATABASE_URL,
    smtpUrl: vars.SMTP_URL,
    smtpRequireTls: smtpRequireTls(vars),
    mailBodyRetentionMs: vars.MAIL_BODY_RETENTION,
    identity: identityConfig,
    pharmacyName: vars.PHARMACY_NAME,
    pharmacyPhone: vars.PHARMACY_PHONE,
    pharmacyAddress: vars.PHARMACY_ADDRESS,
    pharmacyHours: vars.PHARMACY_HOURS,
    mailFrom: vars.MAIL_FROM,
    patientEmailLanguage: vars.PATIENT_EMAIL_LANGUAGE,
    timeZone: vars.PHARMACY_TIMEZONE,
    logLevel: vars.LOG_LEVEL,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    rateLimitWindowMs: vars.RATE_LIMIT_WINDOW,
    offlineTrustMs: vars.OFFLINE_TRUST,
    sessionMaxAgeMs: vars.SESSION_MAX_AGE,
    idleLockAfterMs: vars.IDLE_LOCK_AFTER,
    bodyLimitBytes: 256 * 1024,
    roleCacheMs: vars.ROLE_CACHE,
    simulatePerMinute: vars.SIMULATE_PER_MINUTE,
    // Asking again more often than the standing is read learns nothing new.
    streamRecheckMs: Math.min(25_000, vars.ROLE_CACHE),
    streamHeartbeatMs: 15_000,
    // Issue 19: presence ends within 10 s of a device disappearing (the sweep runs each second);
    // an open record is said again every 3 s (src/client/offline/presence.ts).
    presenceTtlMs: 9000,
    idempotencyKeyDays: vars.IDEMPOTENCY_KEY_DAYS,
    mailLeaseMs: vars.MAIL_LEASE_SECONDS * 1000,
    trustProxy: vars.TRUST_PROXY,
    shutdownGraceMs: vars.SHUTDOWN_GRACE,
    metricsToken: vars.METRICS_TOKEN,
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
