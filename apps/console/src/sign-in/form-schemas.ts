import { codeSchema, emailSchema, messages } from '@atrium/protocol/validation';
import { z } from 'zod';

/** The same field rules as the portal's sign-in (spec 1 §5, packages/protocol). */
export const signInForm = z.object({ email: emailSchema, password: z.string().min(1, messages.required) });

export const codeForm = z.object({ code: codeSchema });
