import { useTranslation } from 'react-i18next';
import { Progress } from '../../../components/ui/progress.tsx';
import { formatPercent } from '../lib/format.ts';

/** SPEC section 4 "uploading": the line 'Laddar upp {file}...' with how much has been sent. */
export function UploadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const { t } = useTranslation('clinicArea');
  const percent = Math.round(fraction * 100);
  return (
    <div className="grid gap-2 rounded-md border bg-muted/50 p-3">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p role="status" className="min-w-0 truncate">
          {t('upload.uploading', { file: fileName })}
        </p>
        <span className="shrink-0 font-medium tabular-nums" aria-hidden>
          {formatPercent(percent)}
        </span>
      </div>
      <Progress value={percent} aria-label={t('upload.progressLabel', { file: fileName })} />
    </div>
  );
}
