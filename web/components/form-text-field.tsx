import { type ComponentProps, type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SERVER_ERROR_TYPE } from '../lib/form-errors.ts';
import { Field, FieldDescription, FieldError, FieldLabel } from './ui/field.tsx';
import { Input } from './ui/input.tsx';
import { Textarea } from './ui/textarea.tsx';

interface FormTextFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  name: FieldPath<TValues>;
  label: string;
  /** The input's type; ignored for a multiline field. */
  type?: ComponentProps<'input'>['type'];
  autoComplete?: string;
  required?: boolean;
  placeholder?: string;
  hint?: string;
  /** Shown at the end of the label's line (the forgot-password link). */
  labelAside?: ReactNode;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  /** The id of a `<datalist>` whose options the input suggests; any other text stays allowed. */
  list?: string;
  className?: string;
}

/**
 * One text field of a react-hook-form form with its label, hint and error. Zod's message keys are
 * translated here; a message the server wrote (type SERVER_ERROR_TYPE) is shown as it is.
 */
export function FormTextField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  required = false,
  placeholder,
  hint,
  labelAside,
  rows,
  list,
  className,
}: FormTextFieldProps<TValues, TTransformed>) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error, invalid } }) => {
        const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
        const controlProps = {
          ...field,
          value: typeof field.value === 'string' ? field.value : '',
          id,
          autoComplete,
          required,
          placeholder,
          'aria-invalid': invalid,
          'aria-describedby': describedBy || undefined,
        };
        return (
          <Field data-invalid={invalid} className={className}>
            <div className="flex items-center justify-between gap-2">
              <FieldLabel htmlFor={id}>{label}</FieldLabel>
              {labelAside}
            </div>
            {rows ? <Textarea {...controlProps} rows={rows} /> : <Input {...controlProps} type={type} list={list} />}
            {hint ? <FieldDescription id={hintId}>{hint}</FieldDescription> : null}
            <FieldError id={errorId}>
              {error?.message ? (error.type === SERVER_ERROR_TYPE ? error.message : t(error.message)) : null}
            </FieldError>
          </Field>
        );
      }}
    />
  );
}
