import { CheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TREATMENTS, type TreatmentId } from '../../contracts/treatments.ts';
import { cn } from '../lib/cn.ts';
import { currentLanguage } from '../lib/i18n.ts';

/** The name of a treatment of the catalogue (contracts/treatments.ts) in the page's language. */
export function useTreatmentName(): (id: TreatmentId) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  return (id) => TREATMENTS[id].name[language];
}

/**
 * A certificate's scope (issue 22): each treatment by name, and with `described` its plain description,
 * as the verification page and a clinic's page list it.
 */
export function TreatmentList({
  treatments,
  described = false,
  className,
  'aria-labelledby': labelledBy,
}: {
  treatments: readonly TreatmentId[];
  described?: boolean;
  className?: string;
  'aria-labelledby'?: string;
}) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  return (
    <ul aria-labelledby={labelledBy} className={cn('grid gap-2', className)}>
      {treatments.map((id) => (
        <li key={id} className="flex items-start gap-2 text-sm">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span className="grid gap-0.5">
            <span className="font-medium">{TREATMENTS[id].name[language]}</span>
            {described ? <span className="text-muted-foreground">{TREATMENTS[id].description[language]}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
