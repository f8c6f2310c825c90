import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicDocument, ClinicFactList, ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { type ClinicFact, FACT_KINDS, type FactKind, type StatedFactKind } from '../../../../contracts/facts.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteClinicFact } from '../api/delete-clinic-fact.ts';
import { useClinicDocuments } from '../api/get-clinic-documents.ts';
import { useClinicFacts } from '../api/get-clinic-facts.ts';
import { listInWords } from '../../../lib/treatments.ts';
import { treatmentsRequiring } from '../lib/treatments.ts';
import { FactDialog } from './fact-dialog.tsx';

type StatedFact = Exclude<ClinicFact, { kind: 'org_number' }>;

/** Ej kontrollerad, Verifierad {date}, or Avvisad with the admin's reason. */
function FactStatus({ fact }: { fact: ClinicFact }) {
  const { t } = useTranslation('clinicArea');
  if (fact.status === 'rejected')
    return (
      <p className="text-sm font-medium whitespace-pre-line text-destructive">
        {t('facts.rejectedReason', { reason: fact.reason ?? '' })}
      </p>
    );
  return fact.status === 'verified' ? (
    <Badge variant="success">
      {t('facts.status.verified', { date: fact.checkedAt ? formatDate(fact.checkedAt) : '' })}
    </Badge>
  ) : (
    <Badge variant="muted">{t('facts.status.unchecked')}</Badge>
  );
}

/** The statement in words: its first line names it (also in the buttons' labels), the others add to it. */
function useStatementLines(documents: readonly ClinicDocument[]) {
  const { t } = useTranslation('clinicArea');
  const documentLine = (id: string | null) => {
    const file = documents.find((document) => document.id === id)?.fileName;
    return file ? [t('facts.details.document', { file })] : [];
  };
  return (fact: StatedFact): [string, ...string[]] => {
    switch (fact.kind) {
      case 'liability_insurance':
        return [
          t('facts.details.policy', { policyNumber: fact.policyNumber, insurer: fact.insurer }),
          t('facts.details.validUntil', { date: formatDay(fact.validUntil) }),
          ...documentLine(fact.documentId),
        ];
      case 'ivo_registration':
        return [
          t('facts.details.registration', { registrationNumber: fact.registrationNumber }),
          ...documentLine(fact.documentId),
        ];
      case 'municipal_notification':
        return [
          t('facts.details.notified', { municipality: fact.municipality, date: formatDay(fact.notifiedOn) }),
          ...documentLine(fact.documentId),
        ];
      case 'licensed_practitioner':
        return [
          t('facts.details.practitioner', { name: fact.name, profession: t(`facts.profession.${fact.profession}`) }),
          t('facts.details.licence', { licenceNumber: fact.licenceNumber }),
        ];
    }
  };
}

function StatedFactRow({ fact, lines }: { fact: StatedFact; lines: [string, ...string[]] }) {
  const { t } = useTranslation('clinicArea');
  const [editing, setEditing] = useState(false);
  const remove = useDeleteClinicFact({
    onSuccess: () => toast({ title: t('toasts.factDeleted'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.factDeleteError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const [title, ...more] = lines;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4">
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="font-medium break-words">{title}</p>
        {more.map((line) => (
          <p key={line} className="break-words text-muted-foreground">
            {line}
          </p>
        ))}
        <FactStatus fact={fact} />
      </div>
      <div className="flex shrink-0 gap-1">
        <Dialog open={editing} onOpenChange={setEditing}>
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('facts.editLabel', { fact: title })}>
              <PencilIcon aria-hidden />
            </Button>
          </DialogTrigger>
          <FactDialog kind={fact.kind} fact={fact} onSaved={() => setEditing(false)} />
        </Dialog>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="text-destructive hover:bg-destructive/10"
              aria-label={t('facts.deleteLabel', { fact: title })}
              pending={remove.isPending}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('facts.deleteConfirm.title')}</AlertDialogTitle>
              <AlertDialogDescription>{t('facts.deleteConfirm.text', { fact: title })}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('facts.deleteConfirm.cancel')}</AlertDialogCancel>
              <AlertDialogAction onClick={() => remove.mutate(fact)}>
                {t('facts.deleteConfirm.confirm')}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </li>
  );
}

function AddFact({ kind }: { kind: StatedFactKind }) {
  const { t } = useTranslation('clinicArea');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-fit">
          <PlusIcon aria-hidden />
          {t(`facts.add.${kind}`)}
        </Button>
      </DialogTrigger>
      <FactDialog kind={kind} onSaved={() => setOpen(false)} />
    </Dialog>
  );
}

/** One kind of fact: why it is needed, the facts stated of it with their checks, and a way to add one. */
function KindSection({ kind, why, children }: { kind: FactKind; why: string; children: ReactNode }) {
  const { t } = useTranslation('clinicArea');
  return (
    <div className="grid gap-3 border-t pt-5">
      <div>
        <h3 className="font-semibold">{t(`facts.kind.${kind}`)}</h3>
        <p className="mt-0.5 text-sm text-muted-foreground">{why}</p>
      </div>
      {children}
    </div>
  );
}

function FactSections({ profile, facts }: { profile: ClinicOwnProfile; facts: ClinicFactList }) {
  const { t } = useTranslation('clinicArea');
  const documents = useClinicDocuments();
  const statementLines = useStatementLines(documents.data?.items ?? []);
  // The kinds the treatments need, and any other the clinic stated before it changed its choice.
  const shown = FACT_KINDS.filter(
    (kind) => facts.needed.includes(kind) || facts.items.some((fact) => fact.kind === kind),
  );
  const why = (kind: FactKind) => {
    if (kind === 'org_number') return t('facts.neededForAll');
    const treatments = treatmentsRequiring(profile.treatments, kind);
    return treatments.length > 0 ? t('facts.neededFor', { treatments: listInWords(treatments) }) : t('facts.notNeeded');
  };
  return (
    <>
      <p className="text-sm font-medium">
        {facts.missing.length > 0
          ? t('facts.stillMissing', { kinds: facts.missing.map((kind) => t(`facts.kind.${kind}`)).join(', ') })
          : t('facts.allVerified')}
      </p>
      {shown.map((kind) => {
        if (kind === 'org_number') {
          const fact = facts.items.find((item) => item.kind === 'org_number');
          return (
            <KindSection key={kind} kind={kind} why={why(kind)}>
              {fact ? (
                <div className="grid gap-1 text-sm">
                  <p className="font-medium tabular-nums">
                    {t('facts.orgNumber.value', {
                      orgNumber: fact.orgNumber,
                      legalForm: t(`legalForms.${fact.legalForm}`),
                    })}
                  </p>
                  <p className="text-muted-foreground">{t('facts.orgNumber.follows')}</p>
                  <FactStatus fact={fact} />
                </div>
              ) : (
                <p className="text-sm">{t('facts.orgNumber.missing')}</p>
              )}
            </KindSection>
          );
        }
        const stated = facts.items.filter((item): item is StatedFact => item.kind === kind);
        return (
          <KindSection key={kind} kind={kind} why={why(kind)}>
            {stated.length > 0 ? (
              <ul className="grid gap-3">
                {stated.map((fact) => (
                  <StatedFactRow key={fact.id} fact={fact} lines={statementLines(fact)} />
                ))}
              </ul>
            ) : (
              <p className="text-sm">{t('facts.none')}</p>
            )}
            <AddFact kind={kind} />
          </KindSection>
        );
      })}
    </>
  );
}

/**
 * 'Uppgifter som kontrolleras' (issue 22): each fact the chosen treatments need, with how it was
 * checked, and the forms that state the clinic's own. The org number follows the application.
 */
export function FactsCard({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const facts = useClinicFacts();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('facts.title')}</CardTitle>
        <CardDescription>{t('facts.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {facts.data ? (
          <FactSections profile={profile} facts={facts.data} />
        ) : facts.isError ? (
          <LoadError
            message={t('facts.loadError')}
            onRetry={() => void facts.refetch()}
            retrying={facts.isFetching}
            className="p-4"
          />
        ) : (
          <ListSkeleton rows={3} rowClassName="h-16" />
        )}
      </CardContent>
    </Card>
  );
}
