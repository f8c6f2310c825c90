import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/admin.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** The reason an admin gave (a denial, a withdrawal), when the entry has one. */
function reasonOf(entry: AuditEntry): string | null {
  const reason = entry.details.reason;
  return typeof reason === 'string' ? reason : null;
}

/** The clinic's audit log, newest first as the server sends it: what happened, who did it, when. */
export function ReviewHistory({ history }: { history: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('review.history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('review.history.empty')}</p>
        ) : (
          <ol className="grid gap-4 border-l pl-4">
            {history.map((entry) => {
              const reason = reasonOf(entry);
              return (
                <li key={entry.id} className="relative grid gap-0.5">
                  <span className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-primary" aria-hidden />
                  {/* An action this page does not know yet is shown by its code rather than not at all. */}
                  <p className="text-sm font-medium">
                    {t(`review.history.actions.${entry.action}`, { defaultValue: entry.action })}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {entry.actor?.fullName || t('review.history.unknownActor')} ·{' '}
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </p>
                  {reason ? <p className="mt-1 rounded-md bg-muted p-2 text-sm whitespace-pre-line">{reason}</p> : null}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
