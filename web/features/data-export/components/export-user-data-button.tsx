import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDataExport } from '../api/request-data-export.ts';

/**
 * The admin's export of one person's data, for someone who lost access (issue 26 point 5); the server
 * writes it to the audit log. An icon named for screen readers and on hover, so the row stays narrow at 390 px.
 */
export function ExportUserDataButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('dataExport');
  const dataExport = useDataExport({
    onError: (error) =>
      toast({ title: t('toasts.error'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      className="ml-2 size-9"
      aria-label={t('admin.buttonLabel', { name })}
      title={t('admin.button')}
      pending={dataExport.isPending}
      onClick={() => dataExport.mutate({ kind: 'user', userId })}
    >
      <DownloadIcon aria-hidden />
    </Button>
  );
}
