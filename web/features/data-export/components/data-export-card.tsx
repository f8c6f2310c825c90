import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDataExport } from '../api/request-data-export.ts';

/** Settings, every role (issue 26 point 1): everything stored about the own account, as one zip. */
export function DataExportCard() {
  const { t } = useTranslation('dataExport');
  const dataExport = useDataExport({
    onError: (error) =>
      toast({ title: t('toasts.error'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('card.title')}</CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          type="button"
          variant="outline"
          pending={dataExport.isPending}
          onClick={() => dataExport.mutate({ kind: 'own' })}
        >
          <DownloadIcon aria-hidden />
          {t('card.button')}
        </Button>
      </CardContent>
    </Card>
  );
}
