import { ArrowRightIcon, HouseIcon, SearchIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

const SUGGESTIONS = [
  { key: 'about', to: paths.about },
  { key: 'forClinics', to: paths.forClinics },
  { key: 'forCustomers', to: paths.forCustomers },
  { key: 'faq', to: paths.faq },
  { key: 'contact', to: paths.contact },
] as const;

export function Component() {
  const { t } = useTranslation('notFound');
  return (
    <>
      <PageHeader title={t('title')} intro={t('text')}>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={paths.home}>
              <HouseIcon aria-hidden />
              {t('home')}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.clinics}>
              <SearchIcon aria-hidden />
              {t('clinics')}
            </Link>
          </Button>
        </div>
      </PageHeader>
      <section aria-labelledby="suggestions-heading" className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6">
        <h2 id="suggestions-heading" className="text-lg font-semibold">
          {t('suggestions.title')}
        </h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-3">
          {SUGGESTIONS.map(({ key, to }) => (
            <li key={key}>
              <Link
                to={to}
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                {t(`suggestions.${key}`)}
                <ArrowRightIcon className="size-4" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
