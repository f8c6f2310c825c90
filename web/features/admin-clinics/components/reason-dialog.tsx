import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ReasonInput, ReasonSchema } from '../../../../contracts/admin.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';

interface ReasonDialogTexts {
  title: string;
  description: string;
  submit: string;
  submitting: string;
  /** Who reads the reason; by default the clinic. */
  hint?: string;
}

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  texts: ReasonDialogTexts;
  /** Sends the decision; rejects when it failed (the mutation has told why in a toast). */
  onSubmit: (reason: string) => Promise<unknown>;
  /** Where focus goes when the dialog closes: the button or menu it was opened from. */
  onCloseAutoFocus?: (event: Event) => void;
  /** The reason's rule when it is not a denial's (a rejected fact, a suspension): its length and messages. */
  schema?: z.ZodType<ReasonInput, ReasonInput>;
}

function ReasonForm({
  texts,
  onSubmit,
  schema = ReasonSchema,
}: Pick<ReasonDialogProps, 'texts' | 'onSubmit' | 'schema'>) {
  const { t } = useTranslation('admin');
  const form = useForm<ReasonInput>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });

  const submit = async ({ reason }: ReasonInput) => {
    try {
      await onSubmit(reason);
    } catch (error) {
      setServerFieldErrors(error, ['reason'], form.setError);
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <FormTextField
        control={form.control}
        name="reason"
        label={t('reason.label')}
        hint={texts.hint ?? t('reason.hint')}
        rows={5}
        required
      />
      <DialogFormFooter
        cancelLabel={t('dialog.cancel')}
        submitLabel={texts.submit}
        submittingLabel={texts.submitting}
        submitting={submitting}
        variant="destructive"
      />
    </form>
  );
}

/**
 * A decision against a clinic (denying its application, withdrawing its certification, rejecting a
 * fact, suspending its certificate) with a reason: required, so the clinic, or the public, always
 * learns why.
 */
export function ReasonDialog({ open, onOpenChange, texts, onSubmit, onCloseAutoFocus, schema }: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('dialog.close')} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        {/* Inside the content, so every opening starts with an empty reason. */}
        <ReasonForm texts={texts} onSubmit={onSubmit} schema={schema} />
      </DialogContent>
    </Dialog>
  );
}
