import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

/** The page an invitation's link opens: the invited customer signs in and writes the review (issue 23). */
export function Component() {
  const { t } = useTranslation('customerReviews');
  return <PageHeader title={t('write.title')} />;
}
