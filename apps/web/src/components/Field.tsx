import type { ReactNode } from 'react';
import { FormField, type FormFieldControlProps } from './FormField.tsx';

export type FieldControlProps = FormFieldControlProps;

/** A labelled form control without a validation message; kept for existing callers, see FormField. */
export function Field(props: {
  label: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  return <FormField {...props} />;
}
