import {
  BadgeCheckIcon,
  BanIcon,
  EyeIcon,
  EyeOffIcon,
  FileTextIcon,
  MailIcon,
  MoreHorizontalIcon,
  PauseCircleIcon,
  PencilIcon,
  PlayCircleIcon,
} from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminClinicRow } from '../../../../contracts/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { isSuspendable } from '../lib/certificate-phase.ts';

export type ClinicAction =
  'approve' | 'edit' | 'documents' | 'message' | 'visibility' | 'suspend' | 'reinstate' | 'withdraw';

/**
 * SPEC section 2 "Admin area", clinics: what an admin can do with one clinic; approving only what is
 * not certified, suspending a certificate in force, reinstating a suspended one. `onAction` also gets the menu's button, for a dialog to give focus back to.
 */
export function ClinicActionsMenu({
  clinic,
  onAction,
}: {
  clinic: AdminClinicRow;
  onAction: (action: ClinicAction, menuButton: HTMLElement | null) => void;
}) {
  const { t } = useTranslation('admin');
  const menuButton = useRef<HTMLButtonElement>(null);
  const select = (action: ClinicAction) => onAction(action, menuButton.current);
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links stay
    // focusable (axe aria-hidden-focus, serious); Escape and Tab still close it, focus goes back to the button.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          aria-label={t('clinics.actions.open', { name: clinic.fullName })}
        >
          <MoreHorizontalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="max-w-64">{clinic.fullName}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {clinic.isCertified ? null : (
          <DropdownMenuItem onSelect={() => select('approve')}>
            <BadgeCheckIcon aria-hidden />
            {t('clinics.actions.approve')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => select('edit')}>
          <PencilIcon aria-hidden />
          {t('clinics.actions.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => select('documents')}>
          <FileTextIcon aria-hidden />
          {t('clinics.actions.documents')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => select('message')}>
          <MailIcon aria-hidden />
          {t('clinics.actions.message')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => select('visibility')}>
          {clinic.isPublic ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
          {clinic.isPublic ? t('clinics.actions.unpublish') : t('clinics.actions.publish')}
        </DropdownMenuItem>
        {isSuspendable(clinic.phase) ? (
          <DropdownMenuItem variant="destructive" onSelect={() => select('suspend')}>
            <PauseCircleIcon aria-hidden />
            {t('clinics.actions.suspend')}
          </DropdownMenuItem>
        ) : null}
        {clinic.phase === 'suspended' ? (
          <DropdownMenuItem onSelect={() => select('reinstate')}>
            <PlayCircleIcon aria-hidden />
            {t('clinics.actions.reinstate')}
          </DropdownMenuItem>
        ) : null}
        {clinic.isCertified ? (
          <DropdownMenuItem variant="destructive" onSelect={() => select('withdraw')}>
            <BanIcon aria-hidden />
            {t('clinics.actions.withdraw')}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
