import type { ComponentProps, ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormFieldFrame } from './form-field-frame.tsx';
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
  /** The first and last day a date input offers (`2026-11-26`). */
  min?: string;
  max?: string;
  className?: string;
}

/** One text field of a react-hook-form form, in its frame of label, hint and error (FormFieldFrame). */
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
  min,
  max,
  className,
}: FormTextFieldProps<TValues, TTransformed>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error, invalid } }) => (
        <FormFieldFrame
          label={label}
          labelAside={labelAside}
          hint={hint}
          error={error}
          invalid={invalid}
          className={className}
        >
          {(framed) => {
            const controlProps = {
              ...field,
              ...framed,
              value: typeof field.value === 'string' ? field.value : '',
              autoComplete,
              required,
              placeholder,
            };
            return rows ? (
              <Textarea {...controlProps} rows={rows} />
            ) : (
              <Input {...controlProps} type={type} list={list} min={min} max={max} />
            );
          }}
        </FormFieldFrame>
      )}
    />
  );
}
