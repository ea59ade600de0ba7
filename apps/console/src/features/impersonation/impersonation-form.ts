import { emailSchema } from '@atrium/protocol/validation';
import { z } from 'zod';

/** The admin's input: whom to view as, and for how many minutes (1 to 60, spec limits of ADR 0035). */
export const impersonationForm = z.object({
  email: emailSchema,
  minutes: z.coerce.number<string>().int().min(1).max(60),
});
