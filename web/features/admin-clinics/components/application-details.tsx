import { CheckCircle2Icon, CircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { CRITERIA_IDS } from '../../../../contracts/constants.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

const linkClass = 'break-all text-primary underline-offset-4 hover:underline';

/** The application information as the clinic saved it; links for the website and the addresses. */
const FIELDS: { key: string; value: (clinic: ClinicOwnProfile) => ReactNode }[] = [
  { key: 'companyName', value: (clinic) => clinic.companyName },
  { key: 'orgNumber', value: (clinic) => clinic.orgNumber },
  {
    key: 'website',
    value: (clinic) =>
      clinic.website ? (
        <a href={clinic.website} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {clinic.website}
        </a>
      ) : null,
  },
  { key: 'address', value: (clinic) => clinic.address },
  { key: 'postalCode', value: (clinic) => clinic.postalCode },
  { key: 'city', value: (clinic) => clinic.city },
  { key: 'contactPerson', value: (clinic) => clinic.contactPerson },
  {
    key: 'contactEmail',
    value: (clinic) =>
      clinic.contactEmail ? (
        <a href={`mailto:${clinic.contactEmail}`} className={linkClass}>
          {clinic.contactEmail}
        </a>
      ) : null,
  },
  { key: 'phoneNumber', value: (clinic) => clinic.phoneNumber },
  {
    key: 'accountEmail',
    value: (clinic) => (
      <a href={`mailto:${clinic.email}`} className={linkClass}>
        {clinic.email}
      </a>
    ),
  },
  { key: 'discountCode', value: (clinic) => clinic.discountCode },
];

/** 'Ansökningsinformation' and 'Certifieringskriterier' of one clinic, read only. */
export function ApplicationDetails({ clinic }: { clinic: ClinicOwnProfile }) {
  const { t } = useTranslation('admin');
  const confirmed = CRITERIA_IDS.filter((id) => clinic.criteria[id]).length;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('review.info.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {FIELDS.map(({ key, value }) => {
              const shown = value(clinic);
              return (
                <div key={key} className="grid content-start gap-1">
                  <dt className="text-sm text-muted-foreground">{t(`review.info.fields.${key}`)}</dt>
                  <dd className="font-medium">
                    {shown ?? <span className="font-normal text-muted-foreground">{t('review.info.missing')}</span>}
                  </dd>
                </div>
              );
            })}
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('review.criteria.title')}</CardTitle>
          <CardDescription>{t('review.criteria.summary', { confirmed, total: CRITERIA_IDS.length })}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3">
            {CRITERIA_IDS.map((id) => (
              <li key={id} className="flex items-start gap-3">
                {clinic.criteria[id] ? (
                  <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                ) : (
                  <CircleIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <span className={clinic.criteria[id] ? undefined : 'text-muted-foreground'}>
                  {t(`review.criteria.${id}`)}
                  <span className="sr-only">
                    : {clinic.criteria[id] ? t('review.criteria.confirmed') : t('review.criteria.notConfirmed')}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
