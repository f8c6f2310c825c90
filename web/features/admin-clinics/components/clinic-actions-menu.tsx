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
import { type ReactNode, useRef } from 'react';
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

/** An item the route adds from another feature (issue 26 point 5: the data export, the erasure). */
export type ClinicMenuAction = {
  key: string;
  label: string;
  icon: ReactNode;
  destructive?: boolean;
  /** Gets the menu's button, for a dialog to give focus back to. */
  onSelect: (menuButton: HTMLElement | null) => void;
};

/**
 * SPEC section 2 "Admin area", clinics: what an admin can do with one clinic; approving only what is
 * not certified, suspending a certificate in force, reinstating a suspended one. `onAction` also gets the menu's button, for a dialog to give focus back to.
 * An erased clinic keeps only its documents (until the retention job removes them) and `extraActions`,
 * which come last.
 */
export function ClinicActionsMenu({
  clinic,
  onAction,
  extraActions = [],
}: {
  clinic: AdminClinicRow;
  onAction: (action: ClinicAction, menuButton: HTMLElement | null) => void;
  extraActions?: ClinicMenuAction[];
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
        {clinic.deletedAt ? (
          <DocumentsItem onSelect={() => select('documents')} />
        ) : (
          <LiveClinicItems clinic={clinic} select={select} />
        )}
        {extraActions.length > 0 ? <DropdownMenuSeparator /> : null}
        {extraActions.map((action) => (
          <DropdownMenuItem
            key={action.key}
            variant={action.destructive ? 'destructive' : 'default'}
            onSelect={() => action.onSelect(menuButton.current)}
          >
            {action.icon}
            {action.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function DocumentsItem({ onSelect }: { onSelect: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <DropdownMenuItem onSelect={onSelect}>
      <FileTextIcon aria-hidden />
      {t('clinics.actions.documents')}
    </DropdownMenuItem>
  );
}

/** The decisions and edits that only a live account takes. */
function LiveClinicItems({ clinic, select }: { clinic: AdminClinicRow; select: (action: ClinicAction) => void }) {
  const { t } = useTranslation('admin');
  return (
    <>
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
      <DocumentsItem onSelect={() => select('documents')} />
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
    </>
  );
}
