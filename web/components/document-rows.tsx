import { FileTextIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ClinicDocument } from '../../contracts/clinic-area.ts';
import { formatDate, formatFileSize } from '../lib/format.ts';

/**
 * A clinic's documents as a list: name, size and date, with each row's own actions (download, delete,
 * preview) and, where it has one, its state (a label such as 'Väntar på granskning'). The clinic's
 * application page and the admin's review show the same rows.
 */
export function DocumentRows({
  documents,
  label,
  emptyText,
  actions,
  status,
}: {
  documents: readonly ClinicDocument[];
  label: string;
  emptyText: string;
  actions: (document: ClinicDocument) => ReactNode;
  status?: (document: ClinicDocument) => ReactNode;
}) {
  if (documents.length === 0) {
    return <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{emptyText}</p>;
  }
  return (
    <ul aria-label={label} className="divide-y rounded-md border">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
          <FileTextIcon
            className="size-8 shrink-0 rounded-md bg-secondary p-1.5 text-secondary-foreground"
            aria-hidden
          />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" title={document.fileName}>
              {document.fileName}
            </p>
            <p className="text-xs text-muted-foreground">
              {formatFileSize(document.sizeBytes)} · {formatDate(document.createdAt)}
            </p>
            {status?.(document)}
          </div>
          {actions(document)}
        </li>
      ))}
    </ul>
  );
}
