import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormFieldFrame } from './form-field-frame.tsx';

interface FormSelectFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  name: FieldPath<TValues>;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The first option, chosen while nothing is: its value is `''`, or null when `emptyIsNull`. */
  emptyLabel: string;
  /** Nothing chosen is the value null (an optional reference) rather than `''` (a choice still to make). */
  emptyIsNull?: boolean;
  hint?: string;
}

/**
 * A native select of a react-hook-form form, in the frame FormTextField has (FormFieldFrame): the browser's own control, which keyboards and screen readers know everywhere.
 */
export function FormSelectField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  options,
  emptyLabel,
  emptyIsNull = false,
  hint,
}: FormSelectFieldProps<TValues, TTransformed>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error, invalid } }) => (
        <FormFieldFrame label={label} hint={hint} error={error} invalid={invalid}>
          {(framed) => (
            <select
              {...framed}
              name={field.name}
              ref={field.ref}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(event) => field.onChange(event.target.value === '' && emptyIsNull ? null : event.target.value)}
              onBlur={field.onBlur}
              className="flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base aria-invalid:border-destructive md:text-sm"
            >
              <option value="">{emptyLabel}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FormFieldFrame>
      )}
    />
  );
}
