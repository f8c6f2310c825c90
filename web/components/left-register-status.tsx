import { CalendarXIcon, type LucideIcon, PauseCircleIcon, ShieldXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LeftRegister, LeftRegisterStatus as Status } from '../../contracts/left-register.ts';
import { cn } from '../lib/cn.ts';
import { formatDay } from '../lib/format.ts';
import { Badge } from './ui/badge.tsx';

const STATUSES: Record<Status, { variant: 'warning' | 'destructive'; icon: LucideIcon }> = {
  withdrawn: { variant: 'destructive', icon: ShieldXIcon },
  expired: { variant: 'destructive', icon: CalendarXIcon },
  // Until an admin decides: the certificate may come back.
  suspended: { variant: 'warning', icon: PauseCircleIcon },
};

/**
 * Why a clinic is out of the register and since when (issue 28 point 4): its certificate's status, as
 * the verification page names it, and the day in a sentence ("Certifikatet återkallades den
 * 2026-12-03."). The clinic's page and the followed clinics' cards say it alike.
 */
export function LeftRegisterStatus({ leftRegister, className }: { leftRegister: LeftRegister; className?: string }) {
  const { t } = useTranslation();
  const { variant, icon: Icon } = STATUSES[leftRegister.status];
  return (
    <div className={cn('grid justify-items-start gap-1.5', className)}>
      <Badge variant={variant}>
        <Icon aria-hidden />
        {t(`leftRegister.status.${leftRegister.status}`)}
      </Badge>
      <p className="text-sm">{t(`leftRegister.text.${leftRegister.status}`, { date: formatDay(leftRegister.day) })}</p>
    </div>
  );
}
