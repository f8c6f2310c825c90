import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDataExport } from '../api/request-data-export.ts';

/**
 * The admin's export of one account's data, a customer's or a clinic's, for someone who lost access
 * (issue 26 point 5); the server writes it to the audit log. A refusal (one export already running) is a toast.
 */
export function useExportUserData() {
  const { t } = useTranslation('dataExport');
  const dataExport = useDataExport({
    onError: (error) =>
      toast({ title: t('toasts.error'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  return {
    isPending: dataExport.isPending,
    start: (userId: string) => dataExport.mutate({ kind: 'user', userId }),
  };
}

/** The users table's row action: an icon named for screen readers and on hover, so the row stays narrow at 390 px. */
export function ExportUserDataButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('dataExport');
  const dataExport = useExportUserData();
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      className="ml-2 size-9"
      aria-label={t('admin.buttonLabel', { name })}
      title={t('admin.button')}
      pending={dataExport.isPending}
      onClick={() => dataExport.start(userId)}
    >
      <DownloadIcon aria-hidden />
    </Button>
  );
}
