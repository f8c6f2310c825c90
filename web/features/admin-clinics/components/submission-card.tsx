import { useTranslation } from 'react-i18next';
import type { ClinicReview } from '../../../../contracts/admin.ts';
import type { ApplicationSnapshot } from '../../../../contracts/clinic-area.ts';
import { CRITERIA_IDS } from '../../../../contracts/constants.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { treatmentName } from '../../../lib/treatments.ts';

type Submission = NonNullable<ClinicReview['submission']>;

/** A value of the snapshot as the admin reads it. */
function sentValue(
  t: (key: string, options?: Record<string, unknown>) => string,
  snapshot: ApplicationSnapshot,
  field: string,
): string {
  if (field === 'criteria')
    return t('review.submission.criteriaConfirmed', {
      confirmed: CRITERIA_IDS.filter((id) => snapshot.criteria[id]).length,
      total: CRITERIA_IDS.length,
    });
  if (field === 'documents')
    return snapshot.documents.map((document) => document.fileName).join(', ') || t('review.info.missing');
  if (field === 'treatments') return snapshot.treatments.map(treatmentName).join(', ') || t('review.info.missing');
  const value = snapshot[field as Exclude<keyof ApplicationSnapshot, 'criteria' | 'documents' | 'treatments'>];
  return value ?? t('review.info.missing');
}

/**
 * What the clinic sent in, which an approval certifies (issue 27), and what differs from it now: the
 * clinic's pending changes, an admin's edit, documents added or asked to be removed.
 */
export function SubmissionCard({ submission }: { submission: Submission }) {
  const { t } = useTranslation('admin');
  const { snapshot, changedSince } = submission;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t(`review.submission.title.${submission.kind}`)}</CardTitle>
        <CardDescription>
          {t('review.submission.sentAt', { date: formatDateTime(submission.submittedAt) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {changedSince.length === 0 ? (
          <p>{t('review.submission.unchanged')}</p>
        ) : (
          <>
            <p className="font-medium">{t('review.submission.changed')}</p>
            <dl className="grid gap-2">
              {changedSince.map((field) => (
                <div key={field} className="grid gap-0.5">
                  <dt className="text-muted-foreground">{t(`review.submission.fields.${field}`)}</dt>
                  <dd>{t('review.submission.wasSent', { value: sentValue(t, snapshot, field) })}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        <p className="text-muted-foreground">{t('review.submission.approvalCertifies')}</p>
      </CardContent>
    </Card>
  );
}
