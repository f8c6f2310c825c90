import { CircleCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublicFact } from '../../../../contracts/facts.ts';
import { formatDay } from '../../../lib/format.ts';

/** Today as the API writes days, in the visitor's calendar: enough to tell an insurance that has run out. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What a fact says, in words: its value, and for an insurance how long it is valid. */
function FactValue({ fact }: { fact: PublicFact }) {
  const { t } = useTranslation('verification');
  switch (fact.kind) {
    case 'org_number':
      return (
        <>
          <span className="font-mono">{fact.orgNumber}</span> ({t(`facts.legalForm.${fact.legalForm}`)})
        </>
      );
    case 'liability_insurance':
      return (
        <>
          {fact.insurer}.{' '}
          {t(fact.validUntil < today() ? 'facts.validUntilPast' : 'facts.validUntil', {
            date: formatDay(fact.validUntil),
          })}
        </>
      );
    case 'ivo_registration':
      return <>{t('facts.registrationNumber', { number: fact.registrationNumber })}</>;
    case 'municipal_notification':
      return <>{t('facts.notified', { municipality: fact.municipality, date: formatDay(fact.notifiedOn) })}</>;
    case 'licensed_practitioner':
      return <>{t('facts.practitioner', { name: fact.name, profession: t(`facts.profession.${fact.profession}`) })}</>;
  }
}

/**
 * The clinic's facts an admin verified (issue 22), each with the day it was checked; the API sends no
 * other. Policy and licence numbers stay with the body.
 */
export function CheckedFacts({ facts, labelledBy }: { facts: readonly PublicFact[]; labelledBy: string }) {
  const { t } = useTranslation('verification');
  if (facts.length === 0) return <p className="text-sm">{t('facts.none')}</p>;
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-3">
      {facts.map((fact, index) => (
        <li
          key={`${fact.kind}-${index}`}
          className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-md border p-3 text-sm"
        >
          <div className="grid gap-0.5">
            <p className="font-medium">{t(`facts.kind.${fact.kind}`)}</p>
            <p>
              <FactValue fact={fact} />
            </p>
          </div>
          <p className="flex items-center gap-1.5 text-success">
            <CircleCheckIcon className="size-4 shrink-0" aria-hidden />
            {t('facts.checkedOn', { date: formatDay(fact.checkedOn) })}
          </p>
        </li>
      ))}
    </ul>
  );
}
