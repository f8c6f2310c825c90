import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminSiteContent,
  type AdminSiteContentChange,
  type AdminSiteContentInput,
  AdminSiteContentSchema,
} from '../../../../contracts/admin.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSiteContent } from '../api/get-site-content.ts';
import { useUpdateSiteContent } from '../api/update-site-content.ts';

/** The form's values: a social profile not set is an empty field. */
const valuesOf = (content: AdminSiteContent): AdminSiteContentInput => ({
  ...content,
  socialLinks: { facebook: content.socialLinks.facebook ?? '', instagram: content.socialLinks.instagram ?? '' },
});

function SiteSettingsFields({ content, onSaved }: { content: AdminSiteContent; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const form = useForm<AdminSiteContentInput, unknown, AdminSiteContentChange>({
    resolver: zodResolver(AdminSiteContentSchema),
    defaultValues: valuesOf(content),
  });
  const save = useUpdateSiteContent({
    onSuccess: (saved) => {
      toast({ title: t('cms.toasts.saved'), variant: 'success' });
      // The texts as stored (trimmed, `www.x.se` as `https://www.x.se`) become the form's unchanged state.
      form.reset(valuesOf(saved));
      onSaved();
    },
    onError: (error) =>
      toast({ title: t('cms.toasts.saveError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const submitting = save.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-6">
      <FormTextField
        control={form.control}
        name="siteTitle"
        label={t('cms.settings.siteTitle')}
        hint={t('cms.settings.siteTitleHint')}
        required
      />
      <fieldset className="grid gap-5">
        <legend className="mb-1 font-semibold">{t('cms.settings.hero')}</legend>
        <div className="grid gap-5 md:grid-cols-2">
          <FormTextField control={form.control} name="heroTitle.sv" label={t('cms.settings.heroTitleSv')} required />
          <FormTextField control={form.control} name="heroTitle.en" label={t('cms.settings.heroTitleEn')} required />
          <FormTextField
            control={form.control}
            name="heroSubtitle.sv"
            label={t('cms.settings.heroSubtitleSv')}
            rows={3}
            required
          />
          <FormTextField
            control={form.control}
            name="heroSubtitle.en"
            label={t('cms.settings.heroSubtitleEn')}
            rows={3}
            required
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-5">
        <legend className="mb-1 font-semibold">{t('cms.settings.social')}</legend>
        <p className="text-sm text-muted-foreground">{t('cms.settings.socialHint')}</p>
        <div className="grid gap-5 md:grid-cols-2">
          <FormTextField
            control={form.control}
            name="socialLinks.facebook"
            label={t('cms.settings.facebook')}
            type="url"
            autoComplete="url"
          />
          <FormTextField
            control={form.control}
            name="socialLinks.instagram"
            label={t('cms.settings.instagram')}
            type="url"
            autoComplete="url"
          />
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={submitting}>
          <SaveIcon aria-hidden />
          {submitting ? t('dialog.saving') : t('cms.settings.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Allmänna inställningar': the site title (header, footer, browser tab), the landing page's hero
 * texts in Swedish and English and the footer's social profiles. `onSaved` lets the page refresh what shows them.
 */
export function SiteSettingsForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const content = useSiteContent();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('cms.settings.title')}</CardTitle>
        <CardDescription>{t('cms.settings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {content.data ? (
          <SiteSettingsFields content={content.data} onSaved={onSaved} />
        ) : content.isError ? (
          <LoadError
            message={t('cms.loadError')}
            onRetry={() => void content.refetch()}
            retrying={content.isFetching}
          />
        ) : (
          <ListSkeleton rows={3} rowClassName="h-16" />
        )}
      </CardContent>
    </Card>
  );
}
