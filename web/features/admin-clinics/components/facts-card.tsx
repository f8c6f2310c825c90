import { CheckCircle2Icon, CircleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminFacts } from '../../../../contracts/admin.ts';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { FACT_KINDS } from '../../../../contracts/facts.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useClinicFacts } from '../api/get-clinic-facts.ts';
import { listInWords, treatmentName } from '../../../lib/treatments.ts';
import { factKindsInWords } from '../lib/fact-words.ts';
import { FactItem } from './fact-item.tsx';

/** Which kinds are shown: those the chosen treatments need, and any other the clinic stated, in FACT_KINDS order. */
const shownKinds = ({ needed, facts }: AdminFacts) =>
  FACT_KINDS.filter((kind) => needed.includes(kind) || facts.some((fact) => fact.kind === kind));

function FactsContent({
  clinicId,
  facts,
  documents,
}: {
  clinicId: string;
  facts: AdminFacts;
  documents: ClinicDocument[];
}) {
  const { t } = useTranslation('admin');
  const kindName = (kind: string) => t(`facts.kinds.${kind}`);
  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">{t('facts.treatments')}</h3>
        <p className="text-sm">
          {facts.treatments.length > 0 ? listInWords(facts.treatments.map(treatmentName)) : t('facts.noTreatments')}
        </p>
      </div>
      {facts.missing.length > 0 ? (
        <p className="flex items-start gap-2 rounded-md border border-accent-foreground/20 bg-accent p-3 text-sm text-accent-foreground">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('facts.missing', { list: factKindsInWords(t, facts.missing) })}
        </p>
      ) : (
        <p className="flex items-start gap-2 rounded-md border border-success/30 bg-success/5 p-3 text-sm">
          <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          {t('facts.allVerified')}
        </p>
      )}
      {shownKinds(facts).map((kind) => {
        const ofKind = facts.facts.filter((fact) => fact.kind === kind);
        const headingId = `fact-kind-${kind}`;
        return (
          <section key={kind} aria-labelledby={headingId} className="grid gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={headingId} className="font-semibold">
                {kindName(kind)}
              </h3>
              {facts.needed.includes(kind) ? (
                <Badge variant="secondary">{t('facts.required')}</Badge>
              ) : (
                <span className="text-xs text-muted-foreground">{t('facts.notRequired')}</span>
              )}
            </div>
            {ofKind.length === 0 ? (
              <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
                {t('facts.notStated')}
              </p>
            ) : (
              <ul className="grid gap-3">
                {ofKind.map((fact) => (
                  <FactItem key={fact.id} clinicId={clinicId} fact={fact} documents={documents} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/**
 * The facts behind the certificate (issue 22): the chosen treatments, what they need and what is not
 * verified yet, and each fact with its document and check. Approval waits until nothing is missing.
 */
export function FactsCard({ clinicId, documents }: { clinicId: string; documents: ClinicDocument[] }) {
  const { t } = useTranslation('admin');
  const facts = useClinicFacts(clinicId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('facts.title')}</CardTitle>
        <CardDescription>{t('facts.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {facts.data ? (
          <FactsContent clinicId={clinicId} facts={facts.data} documents={documents} />
        ) : facts.isError ? (
          <LoadError message={t('facts.loadError')} onRetry={() => void facts.refetch()} retrying={facts.isFetching} />
        ) : (
          <div aria-busy="true" className="grid gap-3">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
