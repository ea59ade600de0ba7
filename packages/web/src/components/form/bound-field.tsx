import type { ComponentProps, ReactNode } from 'react';
import {
  type RegisterOptions,
  type UseFormRegisterReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { FormField } from '../form-field.tsx';

// What register() and the form's state supply is left out; the label and hint are spelled out again
// because Omit over react-bootstrap's control props loses them.
type Props = Omit<ComponentProps<typeof FormField>, 'error' | keyof UseFormRegisterReturn> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  rules?: RegisterOptions;
};

/** A FormField registered with the surrounding form (SubmitForm) by `name`, showing that field's error. */
export function BoundField({ name, rules, ...field }: Props) {
  const { register, getFieldState } = useFormContext();
  // Its own subscription: the field re-renders when its error changes, whatever the page reads.
  const formState = useFormState({ name });
  return (
    <FormField {...field} error={getFieldState(name, formState).error?.message} {...register(name, rules)} />
  );
}
