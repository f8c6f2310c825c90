import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheckIcon, SaveIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminReport,
  type ReportResponseForm,
  ReportResponseFormSchema,
} from '../../../../contracts/customer-area.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ReportStatusBadge } from '../../../components/report-status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { RecordDialog } from '../../../components/record-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useAnswerReport } from '../api/answer-report.ts';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/** The report as the customer sent it, who sent it, and whether its name matched a clinic of the register. */
function ReportDetails({ report }: { report: AdminReport }) {
  const { t } = useTranslation('adminReports');
  return (
    <dl className="grid gap-3">
      <Detail term={t('dialog.clinic')}>
        <span className="font-medium">{report.clinicName}</span>
        <span className="mt-1 block">
          {report.clinicId ? (
            <Badge variant="success">
              <BadgeCheckIcon aria-hidden />
              {t('dialog.matched')}
            </Badge>
          ) : (
            <span className="text-muted-foreground">{t('dialog.notMatched')}</span>
          )}
        </span>
      </Detail>
      <Detail term={t('dialog.status')}>
        <ReportStatusBadge status={report.status} />
      </Detail>
      <Detail term={t('dialog.sent')}>
        <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
      </Detail>
      <Detail term={t('dialog.reporter')}>
        {report.reporter.fullName}
        {/* A deleted reporter has no address left (issue 26). */}
        {report.reporter.email ? (
          <a
            href={`mailto:${report.reporter.email}`}
            className="block break-all text-primary underline-offset-4 hover:underline"
          >
            {report.reporter.email}
          </a>
        ) : null}
      </Detail>
      <Detail term={t('dialog.content')}>
        <p className="rounded-md bg-muted p-3 whitespace-pre-wrap">{report.content}</p>
      </Detail>
    </dl>
  );
}

function AnswerForm({ report, onSaved }: { report: AdminReport; onSaved: () => void }) {
  const { t } = useTranslation(['adminReports', 'validation']);
  const answer = useAnswerReport({
    onSuccess: () => toast({ title: t('toasts.updated'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.updateError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const form = useForm<ReportResponseForm>({
    resolver: zodResolver(ReportResponseFormSchema),
    defaultValues: { adminResponse: report.adminResponse ?? '' },
  });

  const submit = async ({ adminResponse }: ReportResponseForm) => {
    try {
      await answer.mutateAsync({ reportId: report.id, adminResponse });
      onSaved();
    } catch (error) {
      setServerFieldErrors(error, ['adminResponse'], form.setError);
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5 border-t pt-5">
      <FormTextField
        control={form.control}
        name="adminResponse"
        label={t('dialog.response')}
        hint={t('dialog.responseHint')}
        rows={5}
        required
      />
      <DialogFormFooter
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('dialog.save')}
        submittingLabel={t('dialog.saving')}
        submitting={submitting}
        icon={<SaveIcon aria-hidden />}
      />
    </form>
  );
}

/**
 * 'Hantera rapport' (SPEC section 2 "Admin area", reports): the report, its reporter and an answer;
 * saving marks it Hanterad. Open while there is a `report`.
 */
export function ReportDialog({
  report,
  onClose,
  onCloseAutoFocus,
}: {
  report: AdminReport | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation('adminReports');
  return (
    <RecordDialog
      record={report}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      closeLabel={t('dialog.close')}
      title={t('dialog.title')}
      description={(record) =>
        t('dialog.description', { clinic: record.clinicName, date: formatDate(record.createdAt) })
      }
      className="max-w-2xl"
    >
      {(record) => (
        <>
          <ReportDetails report={record} />
          <AnswerForm key={record.id} report={record} onSaved={onClose} />
        </>
      )}
    </RecordDialog>
  );
}
