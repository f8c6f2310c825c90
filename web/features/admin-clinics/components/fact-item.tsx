import { CheckIcon, EyeIcon, XIcon } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactRejectionSchema } from '../../../../contracts/admin.ts';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import type { ClinicFact, FactStatus } from '../../../../contracts/facts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useReviewFact } from '../api/review-fact.ts';
import { DocumentPreview } from './document-preview.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const STATUS_VARIANTS: Record<FactStatus, 'muted' | 'success' | 'destructive'> = {
  unchecked: 'muted',
  verified: 'success',
  rejected: 'destructive',
};

/** The fields of a statement in the order the admin checks them, as [label key, value]. */
function fieldsOf(fact: ClinicFact, t: (key: string) => string): [string, string][] {
  switch (fact.kind) {
    case 'org_number':
      return [
        ['orgNumber', fact.orgNumber],
        ['legalForm', t(`facts.legalForms.${fact.legalForm}`)],
      ];
    case 'liability_insurance':
      return [
        ['insurer', fact.insurer],
        ['policyNumber', fact.policyNumber],
        ['validUntil', formatDay(fact.validUntil)],
      ];
    case 'ivo_registration':
      return [['registrationNumber', fact.registrationNumber]];
    case 'municipal_notification':
      return [
        ['municipality', fact.municipality],
        ['notifiedOn', formatDay(fact.notifiedOn)],
      ];
    case 'licensed_practitioner':
      return [
        ['name', fact.name],
        ['profession', t(`facts.professions.${fact.profession}`)],
        ['licenceNumber', fact.licenceNumber],
      ];
  }
}

/** What tells two facts of a kind apart in a button's name: the first value stated. */
const summaryOf = (fact: ClinicFact, t: (key: string) => string) => fieldsOf(fact, t)[0]?.[1] ?? '';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * One fact as the clinic stated it, with its document (previewed right here), its check, and the
 * admin's buttons: Verifiera, or Avvisa with the reason the clinic reads.
 */
export function FactItem({
  clinicId,
  fact,
  documents,
}: {
  clinicId: string;
  fact: ClinicFact;
  documents: ClinicDocument[];
}) {
  const { t } = useTranslation('admin');
  const [rejecting, setRejecting] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const kind = t(`facts.kinds.${fact.kind}`);
  const labelled = { kind, summary: summaryOf(fact, t) };
  const review = useReviewFact({
    onSuccess: (_facts, { review: { status } }) =>
      toast({ title: t(`facts.toasts.${status}`, { kind }), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('facts.toasts.reviewError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const documentId = 'documentId' in fact ? fact.documentId : null;
  const document = documentId ? documents.find((candidate) => candidate.id === documentId) : undefined;

  return (
    <li className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge variant={STATUS_VARIANTS[fact.status]}>{t(`facts.status.${fact.status}`)}</Badge>
        {fact.checkedAt ? (
          <p className="text-xs text-muted-foreground">
            {t('facts.checkedBy', {
              name: fact.checkedBy ?? t('review.history.unknownActor'),
              date: formatDateTime(fact.checkedAt),
            })}
          </p>
        ) : null}
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        {fieldsOf(fact, t).map(([field, value]) => (
          <Field key={field} label={t(`facts.fields.${field}`)}>
            {value}
          </Field>
        ))}
        {fact.kind === 'org_number' || fact.kind === 'licensed_practitioner' ? null : (
          <Field label={t('facts.fields.document')}>
            {document ? (
              <Button
                variant={previewing ? 'secondary' : 'outline'}
                size="sm"
                aria-label={t('facts.showDocumentLabel', { kind, file: document.fileName })}
                aria-pressed={previewing}
                onClick={() => setPreviewing((shown) => !shown)}
              >
                <EyeIcon aria-hidden />
                {t('facts.showDocument')}
              </Button>
            ) : (
              <span className="font-normal text-muted-foreground">
                {documentId ? t('facts.missingDocument') : t('facts.noDocument')}
              </span>
            )}
          </Field>
        )}
      </dl>
      {previewing && document ? (
        <DocumentPreview key={document.id} document={document} onClose={() => setPreviewing(false)} />
      ) : null}
      {fact.status === 'rejected' && fact.reason ? (
        <div className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
          <p className="font-medium">{t('facts.rejectionReason')}</p>
          <p className="mt-1 whitespace-pre-line">{fact.reason}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {/* Both stay: a verified fact is checked again (a new date), a rejected one rejected with a new reason. */}
        <Button
          size="sm"
          aria-label={t('facts.verifyLabel', labelled)}
          pending={review.isPending}
          onClick={() => review.mutate({ clinicId, factId: fact.id, review: { status: 'verified' } })}
        >
          <CheckIcon aria-hidden />
          {review.isPending ? t('facts.verifying') : t('facts.verify')}
        </Button>
        <Button
          ref={rejectButton}
          size="sm"
          variant="outline"
          className="text-destructive hover:bg-destructive/10"
          aria-label={t('facts.rejectLabel', labelled)}
          disabled={review.isPending}
          onClick={() => setRejecting(true)}
        >
          <XIcon aria-hidden />
          {t('facts.reject')}
        </Button>
      </div>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        onCloseAutoFocus={() => rejectButton.current?.focus()}
        schema={FactRejectionSchema}
        texts={{
          title: t('facts.rejectDialog.title', { kind }),
          description: t('facts.rejectDialog.description'),
          submit: t('facts.rejectDialog.submit'),
          submitting: t('facts.rejectDialog.submitting'),
        }}
        onSubmit={async (reason) => {
          await review.mutateAsync({ clinicId, factId: fact.id, review: { status: 'rejected', reason } });
          setRejecting(false);
        }}
      />
    </li>
  );
}
