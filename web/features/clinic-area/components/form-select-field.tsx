import { useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../../components/ui/field.tsx';
import { SERVER_ERROR_TYPE } from '../../../lib/form-errors.ts';

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
 * A native select of a react-hook-form form, with its label, hint and error as FormTextField has
 * them: the browser's own control, which keyboards and screen readers know everywhere.
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
        return (
          <Field data-invalid={invalid}>
            <FieldLabel htmlFor={id}>{label}</FieldLabel>
            <select
              id={id}
              name={field.name}
              ref={field.ref}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(event) => field.onChange(event.target.value === '' && emptyIsNull ? null : event.target.value)}
              onBlur={field.onBlur}
              aria-invalid={invalid}
              aria-describedby={describedBy || undefined}
              className="flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base aria-invalid:border-destructive md:text-sm"
            >
              <option value="">{emptyLabel}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
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
