import 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { BackgroundWork } from './lib/background-work.ts';
import type { UploadableBlobStore } from './lib/create-blob-store.ts';
import type { Mailer } from './lib/mail.ts';
import type { Role } from './modules/account/index.ts';
import type { Metrics } from './modules/metrics/index.ts';

export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The admin behind an impersonation session (ADR 0035); null for the user's own sessions. */
  impersonatorId: string | null;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    /** Mails and tasks sent after the answer; `settle()` waits for them (closing, tests). */
    background: BackgroundWork;
    /** Avatars and recordings: local disk, or S3-compatible when S3_* is set. */
    blobs: UploadableBlobStore;
    /** This process's Prometheus instruments (ADR 0052): modules report here, /metrics shows them. */
    metrics: Metrics;
    /** preHandler: 401 unless a valid session token came with the request. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 without a session, 403 unless the user is staff (an agent or an admin). */
    requireAgent: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 without a session, 403 unless the user is an admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by the authenticate hook when the request carries a live session token. */
    user: AuthUser | null;
  }
}
