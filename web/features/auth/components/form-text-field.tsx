import { type ComponentProps, type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';

interface FormTextFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  name: FieldPath<TValues>;
  label: string;
  type: ComponentProps<'input'>['type'];
  autoComplete: string;
  hint?: string;
  /** Shown at the end of the label's line (the forgot-password link). */
  labelAside?: ReactNode;
}

/** One required text input of the sign-in forms; the zod message keys are translated here. */
export function FormTextField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  type,
  autoComplete,
  hint,
  labelAside,
}: FormTextFieldProps<TValues, TTransformed>) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const describedBy = [hint ? hintId : null, fieldState.error ? errorId : null].filter(Boolean).join(' ');
        return (
          <Field data-invalid={fieldState.invalid}>
            <div className="flex items-center justify-between gap-2">
              <FieldLabel htmlFor={id}>{label}</FieldLabel>
              {labelAside}
            </div>
            <Input
              {...field}
              value={typeof field.value === 'string' ? field.value : ''}
              id={id}
              type={type}
              autoComplete={autoComplete}
              required
              aria-invalid={fieldState.invalid}
              aria-describedby={describedBy || undefined}
            />
            {hint ? <FieldDescription id={hintId}>{hint}</FieldDescription> : null}
            <FieldError id={errorId}>{fieldState.error?.message ? t(fieldState.error.message) : null}</FieldError>
          </Field>
        );
      }}
    />
  );
}
