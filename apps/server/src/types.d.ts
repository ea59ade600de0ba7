import 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { UploadableBlobStore } from './lib/create-blob-store.ts';
import type { Mailer } from './lib/mail.ts';

export interface AuthUser {
  id: string;
  email: string;
  role: 'learner' | 'staff';
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    /** Avatars and recordings: local disk, or S3-compatible when S3_* is set. */
    blobs: UploadableBlobStore;
    /** preHandler: 401 unless a valid session token came with the request. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 without a session, 403 unless the user is staff. */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by the authenticate hook when the request carries a live session token. */
    user: AuthUser | null;
  }
}
