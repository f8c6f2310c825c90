import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { DemoCredentials } from '../../../features/demo-credentials/components/demo-credentials.tsx';

export function Component() {
  const { t } = useTranslation('credentials');
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <DemoCredentials />
      </div>
    </>
  );
}
