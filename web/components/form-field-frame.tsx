import { type ReactNode, useId } from 'react';
import type { FieldError as HookFormFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SERVER_ERROR_TYPE } from '../lib/form-errors.ts';
import { Field, FieldDescription, FieldError, FieldLabel } from './ui/field.tsx';

/** What the control inside a frame needs: its id, and the ids of the hint and error that describe it. */
export interface FramedControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * What every field of a react-hook-form form has around its control: the label, the hint and the
 * error, tied to the control by ids. Zod's message keys are translated here; a message the server
 * wrote (type SERVER_ERROR_TYPE) is shown as it is.
 */
export function FormFieldFrame({
  label,
  labelAside,
  hint,
  error,
  invalid,
  className,
  children,
}: {
  label: string;
  /** Shown at the end of the label's line (the forgot-password link). */
  labelAside?: ReactNode;
  hint?: string;
  error: HookFormFieldError | undefined;
  invalid: boolean;
  className?: string;
  children: (control: FramedControl) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <Field data-invalid={invalid} className={className}>
      <div className="flex items-center justify-between gap-2">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': invalid, 'aria-describedby': describedBy || undefined })}
      {hint ? <FieldDescription id={hintId}>{hint}</FieldDescription> : null}
      <FieldError id={errorId}>
        {error?.message ? (error.type === SERVER_ERROR_TYPE ? error.message : t(error.message)) : null}
      </FieldError>
    </Field>
  );
}
