import { devMailboxStatus, devMailList } from '@atrium/protocol/dev-mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors.ts';
import { devMailboxEnabled } from './dev-mailbox-enabled.ts';
import { listDevMail } from './list-dev-mail.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The development mailbox behind the portal's /dev/mail page. The status call answers everywhere (the
 * code-entry screen asks it whether to link there); the list exists only in development without SMTP_URL,
 * and only for this machine: a dev server listening on 0.0.0.0 must not hand sign-in codes to the network.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const enabled = devMailboxEnabled(app.config);
  app.get(
    '/dev-mailbox',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the development mailbox is available',
        response: { 200: devMailboxStatus },
      },
    },
    async () => ({ enabled }),
  );
  if (!enabled) return;
  app.get(
    '/dev-mailbox/mail',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['system'],
        summary: 'Mails written to DATA_DIR/mail (development without SMTP_URL only)',
        response: { 200: devMailList },
      },
    },
    async (request) => {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
        throw forbidden('開發信箱只開放給本機', 'dev_mailbox_local_only');
      }
      return { items: await listDevMail(app.config.dataDir) };
    },
  );
};
