import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type ClinicFact,
  FactInputSchema,
  type FactStatement,
  PROFESSIONS,
  type StatedFactKind,
} from '../../../../contracts/facts.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useClinicDocuments } from '../api/get-clinic-documents.ts';
import { useSaveClinicFact } from '../api/save-clinic-fact.ts';

type FactField =
  | 'insurer'
  | 'policyNumber'
  | 'validUntil'
  | 'registrationNumber'
  | 'municipality'
  | 'notifiedOn'
  | 'name'
  | 'profession'
  | 'licenceNumber'
  | 'documentId';

/**
 * The form's values: the fields of one kind, as the inputs hold them (a profession not yet chosen is
 * `''`, no document is null). FactInputSchema decides what may be sent, as the server does.
 */
type FactValues = { kind: StatedFactKind } & Partial<Record<FactField, string | null>>;

interface FieldSpec {
  name: FactField;
  type?: ComponentProps<'input'>['type'];
  autoComplete?: string;
  hint?: boolean;
}

/** The fields of each kind, in the order the form shows them (contracts/facts.ts has their rules). */
const FIELDS: Record<StatedFactKind, FieldSpec[]> = {
  liability_insurance: [{ name: 'insurer' }, { name: 'policyNumber' }, { name: 'validUntil', type: 'date' }],
  ivo_registration: [{ name: 'registrationNumber' }],
  municipal_notification: [
    { name: 'municipality', autoComplete: 'address-level2' },
    { name: 'notifiedOn', type: 'date' },
  ],
  licensed_practitioner: [
    { name: 'name', autoComplete: 'name' },
    { name: 'profession' },
    { name: 'licenceNumber', hint: true },
  ],
};

/** Whether a statement of the kind names a document that backs it. */
const hasDocument = (kind: StatedFactKind) => kind !== 'licensed_practitioner';

const fieldsOf = (kind: StatedFactKind): FactField[] => [
  ...FIELDS[kind].map(({ name }) => name),
  ...(hasDocument(kind) ? (['documentId'] as const) : []),
];

/** The fact as form values, or empty ones for a new statement of `kind`. */
function valuesOf(kind: StatedFactKind, fact: ClinicFact | undefined): FactValues {
  const saved = fact as Partial<Record<FactField, string | null>> | undefined;
  return {
    kind,
    ...Object.fromEntries(fieldsOf(kind).map((name) => [name, saved?.[name] ?? (name === 'documentId' ? null : '')])),
  };
}

// The schema's input is the union of the kinds; the form holds one kind's fields as its inputs do.
const resolver = zodResolver(FactInputSchema) as unknown as Resolver<FactValues, unknown, FactStatement>;

function FactForm({ kind, fact, onSaved }: { kind: StatedFactKind; fact?: ClinicFact; onSaved: () => void }) {
  const { t } = useTranslation(['clinicArea', 'validation']);
  const save = useSaveClinicFact();
  const documents = useClinicDocuments();
  const form = useForm<FactValues, unknown, FactStatement>({ resolver, defaultValues: valuesOf(kind, fact) });

  const onSubmit = async (statement: FactStatement) => {
    try {
      await save.mutateAsync({ id: fact?.id, statement });
      toast({
        title: t('clinicArea:toasts.factSaved.title'),
        description: t('clinicArea:toasts.factSaved.description'),
        variant: 'success',
      });
      onSaved();
    } catch (error) {
      setServerFieldErrors(error, fieldsOf(kind), form.setError);
      toast({ title: t('clinicArea:toasts.saveError'), description: apiErrorMessage(error), variant: 'destructive' });
    }
  };

  const label = (name: FactField) => t(`clinicArea:facts.fields.${name}`);
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      {FIELDS[kind].map(({ name, type, autoComplete, hint }) =>
        name === 'profession' ? (
          <FormSelectField
            key={name}
            control={form.control}
            name={name}
            label={label(name)}
            emptyLabel={t('clinicArea:facts.fields.professionChoose')}
            options={PROFESSIONS.map((profession) => ({
              value: profession,
              label: t(`clinicArea:facts.profession.${profession}`),
            }))}
          />
        ) : (
          <FormTextField
            key={name}
            control={form.control}
            name={name}
            label={label(name)}
            type={type}
            autoComplete={autoComplete ?? 'off'}
            hint={hint ? t('clinicArea:facts.fields.licenceHint') : undefined}
          />
        ),
      )}
      {hasDocument(kind) ? (
        <FormSelectField
          control={form.control}
          name="documentId"
          label={label('documentId')}
          emptyLabel={t('clinicArea:facts.fields.noDocument')}
          emptyIsNull
          options={(documents.data?.items ?? []).map((document) => ({ value: document.id, label: document.fileName }))}
          hint={t('clinicArea:facts.fields.documentHint')}
        />
      ) : null}
      <DialogFormFooter
        cancelLabel={t('clinicArea:facts.dialog.cancel')}
        submitLabel={t('clinicArea:facts.dialog.save')}
        submittingLabel={t('clinicArea:facts.dialog.saving')}
        submitting={form.formState.isSubmitting}
        icon={<SaveIcon aria-hidden />}
      />
    </form>
  );
}

/** Adds a statement of `kind`, or changes `fact`; DialogContent mounts the form anew on each opening. */
export function FactDialog({ kind, fact, onSaved }: { kind: StatedFactKind; fact?: ClinicFact; onSaved: () => void }) {
  const { t } = useTranslation('clinicArea');
  return (
    <DialogContent closeLabel={t('dialog.close')} className="max-w-lg">
      <DialogHeader>
        <DialogTitle>{fact ? t(`facts.editTitle.${kind}`) : t(`facts.add.${kind}`)}</DialogTitle>
        <DialogDescription>{t('facts.dialog.description')}</DialogDescription>
      </DialogHeader>
      <FactForm kind={kind} fact={fact} onSaved={onSaved} />
    </DialogContent>
  );
}
