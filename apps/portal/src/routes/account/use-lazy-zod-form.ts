import { useEffect, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { prefetchWhenIdle } from '../../app/prefetch.ts';

/**
 * `useZodForm` for the first screen a visitor sees (/login): the same shared rules and the same messages,
 * but zod and the rules arrive in their own chunk right after the form is painted (fetched when the browser
 * is idle, or at the first keystroke, whichever comes first), so the sign-in form needs no validation code
 * to appear (ADR 0016). A check asked for before the chunk is there waits for it.
 */
export function useLazyZodForm<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
  defaultValues: DefaultValues<Input>,
) {
  const [resolver] = useState(() => lazyResolver(loadSchema));
  useEffect(() => prefetchWhenIdle(loadSchema), [loadSchema]);
  return useForm<Input, unknown, Output>({ resolver, mode: 'onChange', defaultValues });
}

function lazyResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
    );
    return (await ready)(values, context, options);
  };
}
