import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const services = ['web', 'ingest', 'assist', 'peer'] as const;

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
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Atrium <no-reply@atrium.local>'),
  COOKIE_DOMAIN: z.string().optional(),
  COOKIE_SECURE: bool,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  TRUST_PROXY: bool,
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
  INGEST_BEACON_SIZE_LIMIT: z.coerce.number().int().min(10_000).max(50_000_000).default(1_000_000),
  INGEST_COMPRESSION_THRESHOLD: z.coerce.number().int().min(0).default(24_000),
  INGEST_SESSION_IDLE_SECONDS: z.coerce.number().int().min(1).default(1800),
});

/** Development and test only; loadConfig refuses to run production without INGEST_SECRET. */
const DEV_INGEST_SECRET = 'atrium-dev-ingest-secret-not-for-production';

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
  smtpUrl?: string;
  mailFrom: string;
  cookie: { domain?: string; secure: boolean };
  sessionTtlDays: number;
  trustProxy: boolean;
  logLevel: string;
  services: Service[];
  portalDist: string;
  rateLimit: { enabled: boolean };
  /** Set when blobs go to an S3-compatible store; absent means local disk. */
  s3?: S3Config;
  /** The built tracker served at /tracker/* when it exists. */
  trackerDist: string;
  /** Tracker ingest (ADR 0005): HMAC secret of session tokens, upload limits, inactivity window. */
  ingest: {
    secret: string;
    beaconSizeLimit: number;
    compressionThreshold: number;
    sessionIdleSeconds: number;
  };
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

/** Reads and validates the environment once, at boot; fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  // Session tokens signed with a known secret could be forged by anyone: production must set its own.
  if (e.NODE_ENV === 'production' && !e.INGEST_SECRET) {
    throw new ConfigError(['INGEST_SECRET: required in production (32+ random characters)']);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    // 'memory://' keeps PGlite in memory (tests); anything else is a folder.
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    cookie: {
      domain: e.COOKIE_DOMAIN || undefined,
      secure: e.COOKIE_SECURE || publicUrl.startsWith('https://'),
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    services: e.ATRIUM_SERVICES,
    portalDist: resolve(e.PORTAL_DIST ?? new URL('../../portal/dist', import.meta.url).pathname),
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
      secret: e.INGEST_SECRET ?? DEV_INGEST_SECRET,
      beaconSizeLimit: e.INGEST_BEACON_SIZE_LIMIT,
      compressionThreshold: e.INGEST_COMPRESSION_THRESHOLD,
      sessionIdleSeconds: e.INGEST_SESSION_IDLE_SECONDS,
    },
  };
}
