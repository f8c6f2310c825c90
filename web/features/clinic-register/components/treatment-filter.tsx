import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TREATMENT_IDS, TREATMENTS, type TreatmentId } from '../../../../contracts/treatments.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/**
 * The register's filter by treatment: the catalogue in its order, by name in the page's language. A
 * native select: light, and it shows its choice in the server's copy of the page as well.
 */
export function TreatmentFilter({
  value,
  onChange,
}: {
  value: TreatmentId | undefined;
  onChange: (treatment: TreatmentId | undefined) => void;
}) {
  const { t, i18n } = useTranslation('clinics');
  const id = useId();
  const language = currentLanguage(i18n.resolvedLanguage);
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('register.treatmentLabel')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const chosen = TREATMENT_IDS.find((treatment) => treatment === event.target.value);
          onChange(chosen);
        }}
        className="flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base md:text-sm"
      >
        <option value="">{t('register.allTreatments')}</option>
        {TREATMENT_IDS.map((treatment) => (
          <option key={treatment} value={treatment}>
            {TREATMENTS[treatment].name[language]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('register.treatmentHint')}
      </p>
    </div>
  );
}
