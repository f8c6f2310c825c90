import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

/** "Så granskar vi omdömen": how reviews are collected and checked and how the register orders clinics (issue 23). */
export function Component() {
  const { t } = useTranslation('reviews');
  return <PageHeader title={t('guidelines.title')} intro={t('guidelines.intro')} />;
}
