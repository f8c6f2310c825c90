import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DocumentList } from './document-list.tsx';
import { DocumentPreview } from './document-preview.tsx';

/**
 * The documents of the application: each downloaded, and PDFs and images opened right here for reading;
 * those uploaded after the admin's last decision (`decidedAt`) are marked new.
 */
export function ReviewDocuments({ documents, decidedAt }: { documents: ClinicDocument[]; decidedAt: string | null }) {
  const { t } = useTranslation('admin');
  const [previewing, setPreviewing] = useState<ClinicDocument | null>(null);
  // A document that is gone after a reload has no preview either.
  const shown = previewing && documents.some((document) => document.id === previewing.id) ? previewing : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('review.documents.title')}</CardTitle>
        <CardDescription>{t('review.documents.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DocumentList
          documents={documents}
          newSince={decidedAt}
          previewingId={shown?.id ?? null}
          onPreview={(document) => setPreviewing(shown?.id === document.id ? null : document)}
        />
        {shown ? <DocumentPreview key={shown.id} document={shown} onClose={() => setPreviewing(null)} /> : null}
      </CardContent>
    </Card>
  );
}
