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
  smtpUrl?: string;
  mailFrom: string;
  cookie: { domain?: string; secure: boolean };
  sessionTtlDays: number;
  trustProxy: boolean;
  logLevel: string;
  services: Service[];
  portalDist: string;
  rateLimit: { enabled: boolean };
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
  };
}
