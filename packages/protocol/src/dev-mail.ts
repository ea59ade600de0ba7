import { z } from 'zod';

/** GET /v1/dev-mailbox → whether this server keeps a development mailbox (ADR 0019). */
export const devMailboxStatus = z.object({ enabled: z.boolean() });
export type DevMailboxStatus = z.infer<typeof devMailboxStatus>;

/** One mail the product wrote to DATA_DIR/mail instead of sending it. */
export const devMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sent_at: z.string(),
});
export type DevMail = z.infer<typeof devMail>;

/** GET /v1/dev-mailbox/mail → the newest mails first. */
export const devMailList = z.object({ items: z.array(devMail) });
export type DevMailList = z.infer<typeof devMailList>;
