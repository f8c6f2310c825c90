import { HistoryIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificateHistoryEvent } from '../../../../contracts/certificates.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useTreatmentName } from '../../../components/treatment-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCertificateHistory } from '../api/get-certificate-history.ts';

/**
 * The public history of the clinic that holds the certificate (issue 22 point 5): every issue, renewal,
 * change of scope, suspension, reinstatement, withdrawal and expiry of its certificates, newest first,
 * a page at a time from the server.
 */
export function CertificateHistory({ number }: { number: string }) {
  const { t } = useTranslation('verification');
  const headingId = useId();
  const history = useCertificateHistory(number);
  const events = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId} className="flex items-center gap-2">
          <HistoryIcon className="size-5" aria-hidden />
          {t('history.title')}
        </CardTitle>
        <CardDescription>{t('history.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {history.data ? (
          events.length > 0 ? (
            <ol className="grid gap-3">
              {events.map((event) => (
                <HistoryEntry key={event.id} event={event} />
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
          )
        ) : history.isError ? (
          <LoadError
            message={t('history.loadError')}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : (
          <ListSkeleton rows={3} rowClassName="h-12" />
        )}
        {history.hasNextPage ? (
          <Button
            variant="outline"
            className="w-fit"
            onClick={() => void history.fetchNextPage()}
            pending={history.isFetchingNextPage}
          >
            {t('history.showMore')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function HistoryEntry({ event }: { event: CertificateHistoryEvent }) {
  const { t } = useTranslation('verification');
  const treatmentName = useTreatmentName();
  return (
    <li className="grid gap-0.5 border-l-2 border-border pl-3 text-sm">
      <p>
        <time dateTime={event.occurredAt} className="font-medium tabular-nums">
          {formatDate(event.occurredAt)}
        </time>{' '}
        <span className="font-semibold">{t(`history.kind.${event.kind}`)}</span>{' '}
        <span className="font-mono text-muted-foreground">{event.certificateNumber}</span>
      </p>
      {event.reason ? <p>{t('certificate.reason', { reason: event.reason })}</p> : null}
      {event.treatments ? (
        <p className="text-muted-foreground">
          {event.treatments.length > 0
            ? t('history.scope', { treatments: event.treatments.map(treatmentName).join(', ') })
            : t('certificate.scopeNotStated')}
        </p>
      ) : null}
    </li>
  );
}
