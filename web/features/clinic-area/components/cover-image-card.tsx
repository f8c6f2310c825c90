import { ImageIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { COVER_EXTENSIONS, COVER_MAX_BYTES } from '../../../../contracts/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useRemoveCoverImage } from '../api/remove-cover-image.ts';
import { useUploadCoverImage } from '../api/upload-cover-image.ts';
import { megabytes } from '../lib/format.ts';
import { FilePicker } from './file-picker.tsx';
import { UploadProgress } from './upload-progress.tsx';

const ACCEPT = COVER_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The image at the top of the clinic's register card: uploaded at once, with progress; removable. */
export function CoverImageCard({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const [fraction, setFraction] = useState(0);
  const upload = useUploadCoverImage({
    onProgress: setFraction,
    onSuccess: () => toast({ title: t('toasts.coverUploaded'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.uploadError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const remove = useRemoveCoverImage({
    onSuccess: () => toast({ title: t('toasts.coverRemoved'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.coverRemoveError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const busy = upload.isPending || remove.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.cover.title')}</CardTitle>
        <CardDescription>{t('settings.cover.description', { max: COVER_MAX_BYTES / 1024 / 1024 })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[minmax(0,20rem)_1fr] sm:items-start">
        {profile.coverImageUrl ? (
          <img
            src={profile.coverImageUrl}
            alt={t('settings.cover.preview')}
            width={640}
            height={360}
            className="aspect-video w-full rounded-md border bg-muted object-cover"
          />
        ) : (
          <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-md border border-dashed bg-muted/50 p-4 text-center text-sm text-muted-foreground">
            <ImageIcon className="size-8" aria-hidden />
            {t('settings.cover.none')}
          </div>
        )}
        <div className="grid gap-3">
          <div className="flex flex-wrap gap-2">
            <FilePicker
              label={profile.coverImageUrl ? t('settings.cover.replace') : t('settings.cover.choose')}
              accept={ACCEPT}
              maxBytes={COVER_MAX_BYTES}
              disabled={busy}
              onTooLarge={(file) =>
                toast({
                  title: t('toasts.coverTooLarge.title'),
                  description: t('toasts.coverTooLarge.description', {
                    max: COVER_MAX_BYTES / 1024 / 1024,
                    size: megabytes(file.size),
                  }),
                  variant: 'destructive',
                })
              }
              onFile={(file) => {
                setFraction(0);
                upload.mutate(file);
              }}
            />
            {profile.coverImageUrl ? (
              <Button
                type="button"
                variant="ghost"
                className="text-destructive hover:bg-destructive/10"
                disabled={busy}
                onClick={() => remove.mutate()}
              >
                <Trash2Icon aria-hidden />
                {remove.isPending ? t('settings.cover.removing') : t('settings.cover.remove')}
              </Button>
            ) : null}
          </div>
          {upload.isPending ? <UploadProgress fileName={upload.variables.name} fraction={fraction} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}
