import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { canonicalZone, type IceServer, iceServerSchema, ROLES, type Role } from '@rozmova/contract';
import { z } from 'zod';
import { parseHost } from './lib/hosts.js';
import { KEYRING_FORMAT, type Keyring, newKey, parseKeyring } from './lib/records-cipher.js';

const iceServersSchema = z.array(iceServerSchema);

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'on', 'yes'].includes(v)));

/** A comma-separated list of Janus WebSocket addresses (ws:// or wss://). */
const janusUrls = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '')
        .split(',')
        .map((s) => s.trim().replace(/\/+$/, ''))
        .filter(Boolean);
      if (list.every((url) => /^wss?:\/\/[^\s/]+(\/\S*)?$/.test(url))) return list;
      ctx.addIssue({ code: 'custom', message: `${name} must be a comma-separated list of ws:// or wss:// addresses` });
      return z.NEVER;
    });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Rozmova <no-reply@localhost>'),
  PUBLIC_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((v, ctx) => {
      try {
        const parsed = iceServersSchema.safeParse(JSON.parse(v));
        if (parsed.success) return parsed.data;
      } catch {}
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of STUN/TURN servers, each with urls and optionally username and credential',
      });
      return z.NEVER;
    }),
  SEED_DEMO: z.string().optional(),
  MAGIC_LINK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // Stored as its canonical name, as accounts' zones are (TIME_ZONE=Europe/Kiev reads Europe/Kyiv).
  TIME_ZONE: z
    .string()
    .default('Europe/Kyiv')
    .transform((v, ctx) => {
      const zone = canonicalZone(v);
      if (zone === null) ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone such as Europe/Kyiv' });
      return zone ?? z.NEVER;
    }),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      if (list.every((host) => parseHost(host))) return list;
      ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of host names, each with an optional :port' });
      return z.NEVER;
    }),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return false;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      const list = v.split(',').map((s) => s.trim());
      if (list.every((s) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s))) return list;
      ctx.addIssue({ code: 'custom', message: 'must be a hop count or a comma-separated list of proxy addresses' });
      return z.NEVER;
    }),
  RECORDS_KEY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const ring = parseKeyring(v);
      if (!ring) ctx.addIssue({ code: 'custom', message: KEYRING_FORMAT });
      return ring ?? z.NEVER;
    }),
  // A bearer token: visible ASCII without spaces, as an Authorization header carries it.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 characters, without spaces')
    .optional(),
  // How long a deleted account's clinical notes, questionnaires and audit trail are kept sealed before they are purged.
  RECORDS_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JANUS_URL: janusUrls('JANUS_URL'),
  JANUS_PUBLIC_URL: janusUrls('JANUS_PUBLIC_URL'),
  JANUS_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  redisUrl?: string;
  iceServers: IceServer[];
  seedDemo: boolean;
  magicLinkSecret?: string;
  timeZone: string;
  rateLimits: boolean;
  /** Host names answered besides PUBLIC_URL's and the loopback ones (a name alone admits any port). */
  allowedHosts: string[];
  /** Proxies whose X-Forwarded-For is believed: false, a hop count, or their addresses (CIDR allowed). */
  trustProxy: false | number | string[];
  logLevel: string;
  /** The Janus servers group calls go through (JANUS_URL), each with the address browsers use; unset: peer to peer. */
  janus?: JanusConfig;
  /** Bearer token of GET /metrics; unset, there is no such route. */
  metricsToken?: string;
  /** Keys that encrypt clinical notes at rest. */
  recordsKeyring: Keyring;
  /** Years a deleted account's clinical records and audit trail stay sealed before the purge job removes them. */
  recordsRetentionYears: number;
  /** Folder of the built web app to serve, or undefined to serve only the API. */
  webDist?: string;
  /** Roles that must sign in with a second factor (MFA_REQUIRED_ROLES). */
  mfaRequiredRoles: Role[];
};

/** `url`: where the API server reaches a Janus; `publicUrl`: where browsers do. */
export type JanusServer = { url: string; publicUrl: string };
/** `secret`: the Janus api_secret, token_auth_secret and VideoRoom admin_key (janus/ in the repository). */
export type JanusConfig = { servers: JanusServer[]; secret: string };

export class ConfigError extends Error {}

/** The process environment over the values of a `.env` file in the working directory, if there is one. */
export function environment(): NodeJS.ProcessEnv {
  const file = resolve('.env');
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = environment()): Config {
  // An empty variable means unset, as in most .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const mfaRequiredRoles = requiredRoles(env);
  const dataDir = resolve(e.DATA_DIR);
  const janus = janusConfig(e.JANUS_URL, e.JANUS_PUBLIC_URL, e.JANUS_SECRET);
  const seed = bool(!e.DATABASE_URL).safeParse(e.SEED_DEMO?.toLowerCase());
  if (!seed.success) throw new ConfigError('Invalid configuration:\n  SEED_DEMO: must be true or false');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    redisUrl: e.REDIS_URL,
    iceServers: e.ICE_SERVERS,
    seedDemo: seed.data,
    magicLinkSecret: e.MAGIC_LINK_SECRET,
    timeZone: e.TIME_ZONE,
    rateLimits: e.RATE_LIMITS === 'on',
    allowedHosts: e.ALLOWED_HOSTS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    janus,
    metricsToken: e.METRICS_TOKEN,
    recordsKeyring: e.RECORDS_KEY ?? persistentRecordsKey(dataDir),
    recordsRetentionYears: e.RECORDS_RETENTION_YEARS,
    webDist: e.WEB_DIST,
    mfaRequiredRoles,
  };
}

/**
 * MFA_REQUIRED_ROLES: staff by default in production, no one elsewhere. Read before empty values are dropped, since
 * an empty list here means "no one", not "the default".
 */
function requiredRoles(env: NodeJS.ProcessEnv): Role[] {
  const raw = env.MFA_REQUIRED_ROLES ?? (env.NODE_ENV === 'production' ? 'ADMIN,MANAGER,PSYCHOLOGIST' : '');
  const list = raw
    .split(',')
    .map((r) => r.trim().toUpperCase())
    .filter(Boolean);
  const unknown = list.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  MFA_REQUIRED_ROLES: unknown roles ${unknown.join(', ')} (use ${ROLES.join(', ')})`,
    );
  }
  return list as Role[];
}

/** JANUS_URL with its public addresses (the same unless JANUS_PUBLIC_URL names one per server) and the secret. */
function janusConfig(urls: string[], publicUrls: string[], secret: string | undefined): JanusConfig | undefined {
  const problems: string[] = [];
  if (urls.length === 0 && publicUrls.length > 0) problems.push('JANUS_PUBLIC_URL: needs JANUS_URL');
  if (urls.length > 0 && publicUrls.length > 0 && publicUrls.length !== urls.length) {
    problems.push('JANUS_PUBLIC_URL: must name one address for each address of JANUS_URL, in the same order');
  }
  if (urls.length > 0 && !secret) problems.push('JANUS_SECRET: required with JANUS_URL (the secret in janus/*.jcfg)');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (urls.length === 0 || !secret) return undefined;
  return { servers: urls.map((url, i) => ({ url, publicUrl: publicUrls[i] ?? url })), secret };
}

/**
 * A value generated on first start and kept in DATA_DIR, so it survives restarts. It is written aside and linked into
 * place, which fails if the file exists: processes starting at once on one DATA_DIR agree on one complete value.
 */
function persistentValue(dataDir: string, name: string, generate: () => string): { file: string; value: string } {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.tmp`;
    writeFileSync(draft, generate(), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
  }
  return { file, value: readFileSync(file, 'utf8').trim() };
}

/** The token signing secret when JWT_SECRET is unset. */
const persistentSecret = (dataDir: string) =>
  persistentValue(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url')).value;

/** The notes' key when RECORDS_KEY is unset. */
function persistentRecordsKey(dataDir: string): Keyring {
  const { file, value } = persistentValue(dataDir, 'records-key', newKey);
  const ring = parseKeyring(value);
  if (!ring) throw new ConfigError(`Invalid configuration:\n  ${file}: ${KEYRING_FORMAT}`);
  return ring;
}
