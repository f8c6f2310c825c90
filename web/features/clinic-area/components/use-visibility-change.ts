import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useUpdateVisibility } from '../api/update-visibility.ts';

/** Publishes or hides the clinic, saying so in a toast: the overview's one click and the settings' switch. */
export function useVisibilityChange() {
  const { t } = useTranslation('clinicArea');
  return useUpdateVisibility({
    onSuccess: (_profile, { isPublic }) =>
      toast({ title: isPublic ? t('toasts.published') : t('toasts.unpublished'), variant: 'success' }),
    onError: () =>
      toast({
        title: t('toasts.visibilityError.title'),
        description: t('toasts.visibilityError.description'),
        variant: 'destructive',
      }),
  });
}
