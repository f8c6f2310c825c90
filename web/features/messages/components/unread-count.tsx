import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatNumber } from '../../../lib/format.ts';

/** A conversation's unread messages: the number, read out as "3 olästa". */
export function UnreadCount({ count }: { count: number }) {
  const { t } = useTranslation('messages');
  return (
    <Badge className="bg-primary text-primary-foreground tabular-nums">
      <span aria-hidden>{formatNumber(count)}</span> <span className="sr-only">{t('inbox.unread', { count })}</span>
    </Badge>
  );
}
