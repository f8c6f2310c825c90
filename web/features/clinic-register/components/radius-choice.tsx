import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The radii the register offers around a place or position, in km; the server's fallback (25) among them. */
export const RADIUS_CHOICES = ['10', '25', '50'] as const;
export const DEFAULT_RADIUS = '25';

/** How far around the place or position: a native select, as the treatment filter, so the server's copy shows it too. */
export function RadiusChoice({ value, onChange }: { value: string; onChange: (radius: string) => void }) {
  const { t } = useTranslation('clinics');
  const id = useId();
  // A radius the address gives that the choices lack (`radius=100`) is shown as it is.
  const choices = RADIUS_CHOICES.some((choice) => choice === value) ? RADIUS_CHOICES : [...RADIUS_CHOICES, value];
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('register.radiusLabel')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base md:text-sm"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t('register.radiusKm', { radius: choice })}
          </option>
        ))}
      </select>
    </div>
  );
}
