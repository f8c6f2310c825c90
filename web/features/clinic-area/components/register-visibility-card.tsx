import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { visibilityState } from '../lib/visibility.ts';
import { useVisibilityChange } from './use-visibility-change.ts';

/**
 * The overview's word on the register (issue 28): whether the clinic is in it now, will be once
 * certified, or is hidden by its own choice, and one click to change that choice. Undoing is one click
 * too, so it is not confirmed first (the settings' switch keeps SPEC's confirmation).
 */
export function RegisterVisibilityCard({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const visibility = useVisibilityChange();
  const state = visibilityState(profile);
  const Icon = profile.isPublic ? EyeIcon : EyeOffIcon;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('visibility.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-start gap-4">
          <Icon
            className={cn(
              'size-10 shrink-0 rounded-lg p-2',
              state === 'listed' ? 'bg-success/10 text-success' : 'bg-muted text-muted-foreground',
            )}
            aria-hidden
          />
          <div>
            <p className="font-semibold">{t(`visibility.states.${state}.title`)}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t(`visibility.states.${state}.text`)}</p>
          </div>
        </div>
        <Button
          variant="outline"
          className="h-auto w-fit text-left whitespace-normal"
          pending={visibility.isPending}
          onClick={() => visibility.mutate({ isPublic: !profile.isPublic })}
        >
          {profile.isPublic ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
          {visibility.isPending ? t('visibility.saving') : t(`visibility.states.${state}.action`)}
        </Button>
      </CardContent>
    </Card>
  );
}
