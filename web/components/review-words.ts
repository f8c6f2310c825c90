import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n.ts';
import { formatVisitMonth } from '../lib/format.ts';

/**
 * Who wrote a review, as every page names them (issue 23): "Anna K.", or "Tidigare kund" / "Former
 * customer" once the account is deleted (contracts/reviews.ts reviewerName gives null then).
 */
export function useReviewAuthor(): (authorName: string | null) => string {
  const { t } = useTranslation('common');
  return (authorName) => authorName ?? t('reviews.formerCustomer');
}

/** A published review's label on every page: "Verifierat besök, november 2026" / "Verified visit, November 2026". */
export function useVerifiedVisit(): (visitDate: string) => string {
  const { t, i18n } = useTranslation('common');
  return (visitDate) =>
    t('reviews.verifiedVisit', { month: formatVisitMonth(visitDate, currentLanguage(i18n.resolvedLanguage)) });
}
