import type { CSSProperties, ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { type FieldValues, FormProvider, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

/**
 * A form that submits only valid values and ends in its submit button. Its fields (BoundField and the
 * fields built on it) find the form through react-hook-form's context.
 */
export function SubmitForm<Input extends FieldValues, Output>({
  form,
  onValid,
  disabled,
  submitLabel,
  fullWidth = true,
  style,
  children,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  onValid: SubmitHandler<Output>;
  /** The submit button is disabled, e.g. while the request is pending. */
  disabled: boolean;
  submitLabel: string;
  fullWidth?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <Form noValidate style={style} onSubmit={form.handleSubmit(onValid)}>
        {children}
        <Button type="submit" className={fullWidth ? 'w-100' : undefined} disabled={disabled}>
          {submitLabel}
        </Button>
      </Form>
    </FormProvider>
  );
}
