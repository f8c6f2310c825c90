import { CalendarPlusIcon, ExternalLinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/**
 * "Boka en behandling" (issue 28): the clinic's own booking page, in a new tab; the clinic page shows
 * it only when the clinic has given one (its settings), so the button always leads somewhere.
 */
export function BookTreatmentLink({ bookingUrl }: { bookingUrl: string }) {
  const { t } = useTranslation('clinicProfile');
  return (
    <Button asChild>
      <a href={bookingUrl} target="_blank" rel="noopener noreferrer">
        <CalendarPlusIcon aria-hidden />
        {t('book')}
        <ExternalLinkIcon aria-hidden />
        <span className="sr-only"> {t('opensInNewTab')}</span>
      </a>
    </Button>
  );
}
