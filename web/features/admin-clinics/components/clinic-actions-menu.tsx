import { BadgeCheckIcon, BanIcon, EyeIcon, EyeOffIcon, FileTextIcon, MailIcon, MoreHorizontalIcon, PencilIcon } from 'lucide-react';
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

export type ClinicAction = 'approve' | 'edit' | 'documents' | 'message' | 'visibility' | 'withdraw';

/** SPEC section 2 "Admin area", clinics: what an admin can do with one clinic; approving only what is not certified. */
export function ClinicActionsMenu({ clinic, onAction }: { clinic: AdminClinicRow; onAction: (action: ClinicAction) => void }) {
  const { t } = useTranslation('admin');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('clinics.actions.open', { name: clinic.fullName })}>
          <MoreHorizontalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="max-w-64">{clinic.fullName}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {clinic.isCertified ? null : (
          <DropdownMenuItem onSelect={() => onAction('approve')}>
            <BadgeCheckIcon aria-hidden />
            {t('clinics.actions.approve')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onAction('edit')}>
          <PencilIcon aria-hidden />
          {t('clinics.actions.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('documents')}>
          <FileTextIcon aria-hidden />
          {t('clinics.actions.documents')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('message')}>
          <MailIcon aria-hidden />
          {t('clinics.actions.message')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onAction('visibility')}>
          {clinic.isPublic ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
          {clinic.isPublic ? t('clinics.actions.unpublish') : t('clinics.actions.publish')}
        </DropdownMenuItem>
        {clinic.isCertified ? (
          <DropdownMenuItem variant="destructive" onSelect={() => onAction('withdraw')}>
            <BanIcon aria-hidden />
            {t('clinics.actions.withdraw')}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
