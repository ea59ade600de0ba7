import { resolve } from 'node:path';
import { iceServer } from '@atrium/protocol/assist';
import { z } from 'zod';
import { loadOrCreateIngestSecret } from './lib/ingest-secret.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Like `bool`, but on when unset: for switches an operator turns off. */
const boolOn = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === undefined || v === '' || v === 'true' || v === '1');

const services = ['web', 'ingest', 'assist', 'peer'] as const;

/** Where course videos and live classes are embedded from unless CSP_FRAME_ORIGINS says otherwise. */
const DEFAULT_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://meet.jit.si',
];

/** A comma-separated list of origins (`https://cdn.example.com`), each checked and normalised. */
const origins = z.string().transform((v, ctx): string[] => {
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const item of list) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {}
    if (!url || !/^(https?|wss?):$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${item}` });
      return z.NEVER;
    }
    out.push(url.origin);
  }
  return out;
});

/** One OpenID Connect provider; its `name` is also the portal's callback path (`/{name}callback`). */
const oidcProviderConfig = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]{0,30}$/, 'lower-case letters, digits and -, at most 31'),
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  display_name: z.string().min(1).max(40),
});

/** Every environment variable the server reads. Documented one by one in `.env.example`. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Put before every Redis key and channel of this deployment (ADR 0041); default: PUBLIC_URL's host and ':'.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,100}$/, 'letters, digits and : . _ - only (1–100)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // smtp (needs SMTP_URL) or log; unset: smtp when SMTP_URL is set, else log — except in production (ADR 0076).
  MAIL_TRANSPORT: z
    .enum(['smtp', 'log'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Atrium <no-reply@atrium.local>'),
  MIGRATE_AT_START: boolOn,
  COOKIE_DOMAIN: z.string().optional(),
  COOKIE_SECURE: bool,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      const value = (v ?? '').trim();
      if (value === '' || value === 'false' || value === '0') return false;
      // `true` would believe whatever X-Forwarded-For a client sends, and so void every per-address limit.
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            'name the trusted proxies: a hop count (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.5,10.1.0.0/16)',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter(
        (a) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(a),
      );
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `not an address or CIDR: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return list;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ATRIUM_SERVICES: z
    .string()
    .default(services.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(services)).min(1)),
  PORTAL_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  RATE_LIMIT_DISABLED: bool,
  // Blob store: S3-compatible when S3_BUCKET is set, local disk under DATA_DIR/blobs otherwise.
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_FORCE_PATH_STYLE: bool,
  TRACKER_DIST: z.string().optional(),
  INGEST_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  // Bearer token for /metrics from other hosts; without it only loopback clients read it (ADR 0052).
  METRICS_TOKEN: z
    .string()
    .min(32, 'at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The release this process runs (a tag or commit), shown in atrium_build_info to follow a rolling upgrade.
  ATRIUM_RELEASE: z
    .string()
    .max(64)
    .regex(/^[\w.+-]*$/, 'letters, digits, . + - _')
    .optional()
    .transform((v) => v || undefined),
  INGEST_BEACON_SIZE_LIMIT: z.coerce.number().int().min(10_000).max(50_000_000).default(1_000_000),
  INGEST_COMPRESSION_THRESHOLD: z.coerce.number().int().min(0).default(24_000),
  INGEST_SESSION_IDLE_SECONDS: z.coerce.number().int().min(1).default(1800),
  INGEST_MAX_MESSAGES_PER_BATCH: z.coerce.number().int().min(100).max(1_000_000).default(20_000),
  INGEST_MAX_INFLATE_RATIO: z.coerce.number().int().min(2).max(10_000).default(100),
  INGEST_PARSE_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  INGEST_BATCHES_PER_MINUTE_PER_SESSION: z.coerce.number().int().min(1).default(240),
  INGEST_BATCHES_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).default(1200),
  // Storage bounds (ADR 0014); 0 turns a bound off.
  INGEST_MAX_SESSION_BYTES: z.coerce.number().int().min(0).default(50_000_000),
  INGEST_SESSIONS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(0).default(120),
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  // How often ended recordings are compacted (ADR 0053); 0 turns compaction off.
  RECORDING_COMPACTION_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Blobs a compaction replaced stay this long, so a bucket copy taken after a database dump holds them (ADR 0078).
  RECORDING_RETIRED_BLOB_GRACE_HOURS: z.coerce.number().int().min(0).max(8760).default(48),
  // Content-Security-Policy additions (ADR 0014): comma-separated origins.
  CSP_CDN_ORIGINS: origins.default([]),
  CSP_FRAME_ORIGINS: origins.default(DEFAULT_FRAME_ORIGINS),
  // Live assist: open relay sockets per learner session or staff account, and per client address (ADR 0041).
  ASSIST_MAX_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).max(10_000).default(16),
  ASSIST_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(500),
  // … and relay handshakes per client address per second (burst: ten seconds' worth), checked before upgrading.
  ASSIST_HANDSHAKES_PER_SECOND_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  // Live assist: STUN/TURN servers handed to visitor and agent (JSON array of RTCIceServer).
  ASSIST_ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {urls, username?, credential?}' });
        return z.NEVER;
      }
    })
    .pipe(z.array(iceServer).max(10)),
  // Third-party sign-in (ADR 0036): JSON array of OpenID Connect providers; empty means none is offered.
  OIDC_PROVIDERS: z
    .string()
    .default('[]')
    .transform((v, ctx) => {
      try {
        return JSON.parse(v || '[]') as unknown;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a JSON array of {name, issuer, client_id, client_secret, display_name}',
        });
        return z.NEVER;
      }
    })
    .pipe(z.array(oidcProviderConfig).max(10))
    .refine((list) => new Set(list.map((p) => p.name)).size === list.length, 'provider names must differ'),
  // The external course platform (ADR 0037): off unless the school, SSO, client id and secret are all set.
  TEACHABLE_SCHOOL_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TEACHABLE_SSO_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TEACHABLE_API_URL: z.url().default('https://developers.teachable.com/v1'),
  TEACHABLE_CLIENT_ID: z.string().optional(),
  TEACHABLE_CLIENT_SECRET: z.string().optional(),
});

export type Service = (typeof services)[number];

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where learners reach the portal; links in mails point here. */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Before every Redis key and channel: deployments sharing one Redis never meet (issue 18, finding 12). */
  redisKeyPrefix: string;
  /** Set: mail goes out through SMTP. Unset: mail is logged (the body only outside production, ADR 0076). */
  smtpUrl?: string;
  mailFrom: string;
  /** Whether a process applies pending migrations as it starts (under the lock, ADR 0076); else `npm run migrate`. */
  migrateAtStart: boolean;
  cookie: { domain?: string; secure: boolean };
  sessionTtlDays: number;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): false, a hop count, or addresses/CIDRs.
   * Never `true`: that trusts any client's header (ADR 0011).
   */
  trustProxy: false | number | string[];
  logLevel: string;
  services: Service[];
  portalDist: string;
  /** The built support console, served at /console/ when it exists. */
  consoleDist: string;
  rateLimit: { enabled: boolean };
  /** Set when blobs go to an S3-compatible store; absent means local disk. */
  s3?: S3Config;
  /** The built tracker served at /tracker/* when it exists. */
  trackerDist: string;
  /** Bearer token for /metrics; unset means only loopback clients may read it (ADR 0052). */
  metricsToken?: string;
  /** ATRIUM_RELEASE: what the deployment calls this build (atrium_build_info); unset: the package version. */
  release?: string;
  /** Tracker ingest (ADR 0005): HMAC secret of session tokens, upload limits, inactivity window. */
  ingest: {
    secret: string;
    beaconSizeLimit: number;
    compressionThreshold: number;
    sessionIdleSeconds: number;
    /** Batch parsing bounds and its worker threads (ADR 0011). */
    maxMessagesPerBatch: number;
    maxInflateRatio: number;
    parseWorkers: number;
    batchesPerMinutePerSession: number;
    batchesPerMinutePerAddress: number;
    /** Storage bounds (ADR 0014): bytes one recorded session may store, new sessions per address an hour; 0 = none. */
    maxSessionBytes: number;
    sessionsPerHourPerAddress: number;
    /** Recordings whose last activity is older are removed by the retention sweep; 0 keeps them forever. */
    retentionDays: number;
    /** Seconds between compaction passes over ended recordings (ADR 0053); 0 = never compact. */
    compactionIntervalSeconds: number;
    /**
     * Hours a compacted session's replaced per-batch blobs are kept (ADR 0078): longer than a backup (dump,
     * then bucket copy) takes. 0 = removed by the next pass.
     */
    retiredBlobGraceHours: number;
  };
  /** Origins the Content-Security-Policy allows besides the server itself and its blob store (ADR 0014). */
  csp: { cdnOrigins: string[]; frameOrigins: string[] };
  /** Live assist (ADR 0030): ICE servers handed to both sides of a call. */
  assist: {
    iceServers: { urls: string | string[]; username?: string; credential?: string }[];
    /** Open relay sockets per learner session (visitor tabs) or staff account (agent and list sockets). */
    maxSocketsPerSession: number;
    /** Open relay sockets per client address (TRUST_PROXY decides which address). */
    maxSocketsPerAddress: number;
    handshakesPerSecondPerAddress: number;
  };
  /** OpenID Connect providers offered for sign-in (ADR 0036). */
  oidc: { providers: OidcProviderConfig[] };
  /** The Teachable school, when configured (ADR 0037); absent: no course platform. */
  teachable?: { schoolUrl: string; ssoUrl: string; apiUrl: string; clientId: string; clientSecret: string };
}

export interface OidcProviderConfig {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  displayName: string;
}

export interface S3Config {
  /** Custom endpoint (MinIO, Ceph, s3rver); absent for AWS S3. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Absent: the AWS SDK's default credential chain (instance role, env). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Public base address of the bucket (CDN); absent: avatars are served through the server. */
  publicUrl?: string;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * For the process entry points (server, seed, admin CLI): the configuration, or the list of what is wrong
 * printed as one message (not a stack trace) and exit code 1.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Reads and validates the environment once, at boot; fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  // Session tokens signed with a known secret could be forged by anyone: production must set its own.
  if (e.NODE_ENV === 'production' && !e.INGEST_SECRET) {
    problems.push('INGEST_SECRET: required in production (32+ random characters)');
  }
  const mailProblem = mailTransportProblem(e.NODE_ENV, e.SMTP_URL, e.MAIL_TRANSPORT);
  if (mailProblem) problems.push(mailProblem);
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = e.DATA_DIR === 'memory://' ? e.DATA_DIR : resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    // 'memory://' keeps PGlite in memory (tests); anything else is a folder.
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX ?? `${new URL(publicUrl).host}:`,
    smtpUrl: e.MAIL_TRANSPORT === 'log' ? undefined : e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    migrateAtStart: e.MIGRATE_AT_START,
    cookie: {
      domain: e.COOKIE_DOMAIN || undefined,
      secure: e.COOKIE_SECURE || publicUrl.startsWith('https://'),
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    services: e.ATRIUM_SERVICES,
    portalDist: resolve(e.PORTAL_DIST ?? new URL('../../portal/dist', import.meta.url).pathname),
    consoleDist: resolve(e.CONSOLE_DIST ?? new URL('../../console/dist', import.meta.url).pathname),
    rateLimit: { enabled: !e.RATE_LIMIT_DISABLED },
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    trackerDist: resolve(
      e.TRACKER_DIST ?? new URL('../../../packages/tracker/dist', import.meta.url).pathname,
    ),
    ingest: {
      secret: e.INGEST_SECRET ?? loadOrCreateIngestSecret(dataDir),
      beaconSizeLimit: e.INGEST_BEACON_SIZE_LIMIT,
      compressionThreshold: e.INGEST_COMPRESSION_THRESHOLD,
      sessionIdleSeconds: e.INGEST_SESSION_IDLE_SECONDS,
      maxMessagesPerBatch: e.INGEST_MAX_MESSAGES_PER_BATCH,
      maxInflateRatio: e.INGEST_MAX_INFLATE_RATIO,
      parseWorkers: e.INGEST_PARSE_WORKERS,
      batchesPerMinutePerSession: e.INGEST_BATCHES_PER_MINUTE_PER_SESSION,
      batchesPerMinutePerAddress: e.INGEST_BATCHES_PER_MINUTE_PER_ADDRESS,
      maxSessionBytes: e.INGEST_MAX_SESSION_BYTES,
      sessionsPerHourPerAddress: e.INGEST_SESSIONS_PER_HOUR_PER_ADDRESS,
      retentionDays: e.RECORDING_RETENTION_DAYS,
      compactionIntervalSeconds: e.RECORDING_COMPACTION_INTERVAL_SECONDS,
      retiredBlobGraceHours: e.RECORDING_RETIRED_BLOB_GRACE_HOURS,
    },
    metricsToken: e.METRICS_TOKEN,
    release: e.ATRIUM_RELEASE,
    csp: { cdnOrigins: e.CSP_CDN_ORIGINS, frameOrigins: e.CSP_FRAME_ORIGINS },
    assist: {
      iceServers: e.ASSIST_ICE_SERVERS,
      maxSocketsPerSession: e.ASSIST_MAX_SOCKETS_PER_SESSION,
      maxSocketsPerAddress: e.ASSIST_MAX_SOCKETS_PER_ADDRESS,
      handshakesPerSecondPerAddress: e.ASSIST_HANDSHAKES_PER_SECOND_PER_ADDRESS,
    },
    oidc: {
      providers: e.OIDC_PROVIDERS.map((p) => ({
        name: p.name,
        issuer: p.issuer,
        clientId: p.client_id,
        clientSecret: p.client_secret,
        displayName: p.display_name,
      })),
    },
    teachable:
      e.TEACHABLE_SCHOOL_URL && e.TEACHABLE_SSO_URL && e.TEACHABLE_CLIENT_ID && e.TEACHABLE_CLIENT_SECRET
        ? {
            schoolUrl: e.TEACHABLE_SCHOOL_URL.replace(/\/$/, ''),
            ssoUrl: e.TEACHABLE_SSO_URL.replace(/\/$/, ''),
            apiUrl: e.TEACHABLE_API_URL.replace(/\/$/, ''),
            clientId: e.TEACHABLE_CLIENT_ID,
            clientSecret: e.TEACHABLE_CLIENT_SECRET,
          }
        : undefined,
  };
}

/**
 * A production process without a way to send mail would start fine and fail every sign-up later: it must have
 * SMTP_URL, or the operator must say MAIL_TRANSPORT=log (then only recipients and subjects are logged).
 */
function mailTransportProblem(env: string, smtpUrl?: string, transport?: 'smtp' | 'log'): string | undefined {
  if (transport === 'smtp' && !smtpUrl) return 'SMTP_URL: required when MAIL_TRANSPORT=smtp';
  if (transport === 'log' && smtpUrl) return 'MAIL_TRANSPORT: log and SMTP_URL are both set; keep one';
  if (env === 'production' && !smtpUrl && transport !== 'log') {
    return 'SMTP_URL: required in production (smtp://user:pass@host:587), or set MAIL_TRANSPORT=log to only log that mails were sent';
  }
  return undefined;
}
