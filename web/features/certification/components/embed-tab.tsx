import { CopyIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { badgeHref, EMBED_FRAME_SIZE, embedSnippet } from '../lib/certificate.ts';

/** The badge as other sites frame it, and the code that does so, to copy. */
export function EmbedTab({ clinicId, isPublic }: { clinicId: string; isPublic: boolean }) {
  const { t } = useTranslation('certification');
  const codeId = useId();
  if (!clinicId)
    return <p className="rounded-lg border border-dashed bg-card p-6 text-muted-foreground">{t('embed.noClinicId')}</p>;

  const frameTitle = t('embed.frameTitle');
  const snippet = embedSnippet(clinicId, frameTitle);
  const copy = async () => {
    try {
      // The Clipboard API exists only in secure contexts (https or localhost).
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(snippet);
      toast({ title: t('toasts.codeCopied'), description: t('toasts.codeCopiedText'), variant: 'success' });
    } catch {
      toast({ title: t('toasts.failed'), description: t('toasts.copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('embed.title')}</CardTitle>
        <CardDescription>{t('embed.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-6 lg:grid-cols-[auto_minmax(0,1fr)]">
        <figure className="grid gap-2">
          <figcaption className="text-sm font-medium">{t('embed.preview')}</figcaption>
          <iframe
            src={badgeHref(clinicId)}
            width={EMBED_FRAME_SIZE}
            height={EMBED_FRAME_SIZE}
            title={frameTitle}
            className="max-w-full rounded-lg border border-dashed bg-transparent"
          />
          {isPublic ? null : (
            <p className="max-w-[320px] text-sm text-muted-foreground">
              {t('embed.notPublic')}{' '}
              <Link to={paths.clinicDashboard} className="font-medium text-primary underline-offset-4 hover:underline">
                {t('embed.publish')}
              </Link>
            </p>
          )}
        </figure>
        <div className="grid gap-3">
          <Label htmlFor={codeId}>{t('embed.code')}</Label>
          <Textarea
            id={codeId}
            readOnly
            value={snippet}
            rows={5}
            className="font-mono text-xs break-all"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" className="w-fit" onClick={() => void copy()}>
            <CopyIcon aria-hidden />
            {t('embed.copy')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
