import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { visibilityState } from '../lib/visibility.ts';
import { useVisibilityChange } from './use-visibility-change.ts';

/** SPEC section 2 "Settings": publish or hide the clinic's page, confirmed first ('Är du helt säker?'). */
export function VisibilityCard({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const visibility = useVisibilityChange();
  // What the button does: the opposite of now.
  const action = profile.isPublic ? 'unpublish' : 'publish';

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.visibility.title')}</CardTitle>
        <CardDescription>{t('settings.visibility.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="flex items-center gap-2 text-sm">
          {t('settings.visibility.current')}
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
              profile.isPublic ? 'bg-success/10 text-success' : 'bg-muted text-muted-foreground',
            )}
          >
            {profile.isPublic ? (
              <EyeIcon className="size-3.5" aria-hidden />
            ) : (
              <EyeOffIcon className="size-3.5" aria-hidden />
            )}
            {profile.isPublic ? t('settings.visibility.published') : t('settings.visibility.unpublished')}
          </span>
        </p>
        <p className="text-sm text-muted-foreground">{t(`visibility.states.${visibilityState(profile)}.text`)}</p>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant={profile.isPublic ? 'outline' : 'default'} className="w-fit" pending={visibility.isPending}>
              {profile.isPublic ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
              {visibility.isPending ? t('settings.visibility.saving') : t(`settings.visibility.${action}`)}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('settings.visibility.confirm.title')}</AlertDialogTitle>
              <AlertDialogDescription>{t(`settings.visibility.confirm.${action}Text`)}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('settings.visibility.confirm.cancel')}</AlertDialogCancel>
              <AlertDialogAction onClick={() => visibility.mutate({ isPublic: !profile.isPublic })}>
                {t(`settings.visibility.confirm.${action}`)}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
