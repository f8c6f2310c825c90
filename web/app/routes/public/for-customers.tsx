import {
  ArrowRightIcon,
  BadgeCheckIcon,
  FlagIcon,
  FlaskConicalIcon,
  GraduationCapIcon,
  SearchIcon,
  ShieldCheckIcon,
  SparklesIcon,
  StethoscopeIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentSection, IconCardList } from '../../../components/content-section.tsx';
import { CtaBlock } from '../../../components/cta-block.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

const GUARANTEES = [
  { key: 'staff', icon: GraduationCapIcon },
  { key: 'products', icon: FlaskConicalIcon },
  { key: 'insurance', icon: ShieldCheckIcon },
  { key: 'hygiene', icon: SparklesIcon },
] as const;

const TIPS = [
  { key: 'search', icon: SearchIcon },
  { key: 'badge', icon: BadgeCheckIcon },
  { key: 'complaints', icon: FlagIcon },
] as const;

export function Component() {
  const { t } = useTranslation('customers');
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />

      <ContentSection id="guarantees" title={t('guarantees.title')} intro={t('guarantees.intro')}>
        <IconCardList
          className="sm:grid-cols-2 lg:grid-cols-4"
          items={GUARANTEES.map(({ key, icon }) => ({
            key,
            icon,
            title: t(`guarantees.${key}.title`),
            text: t(`guarantees.${key}.text`),
          }))}
        />
      </ContentSection>

      <section aria-labelledby="tips-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="tips-heading" className="text-center text-3xl font-bold tracking-tight">
            {t('tips.title')}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {TIPS.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-4 rounded-lg border bg-card p-6 shadow-sm">
                <Icon className="size-10 shrink-0 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
                <div>
                  <h3 className="font-semibold">{t(`tips.${key}.title`)}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{t(`tips.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-muted-foreground">
            {t('tips.contactPrompt')}{' '}
            <Link
              to={paths.contact}
              className="font-medium text-primary underline underline-offset-4 hover:no-underline"
            >
              {t('tips.contactLink')}
            </Link>
          </p>
        </div>
      </section>

      <CtaBlock
        title={t('cta.title')}
        text={t('cta.text')}
        actions={
          <>
            <Button asChild size="lg">
              <Link to={paths.clinics}>
                <SearchIcon aria-hidden />
                {t('cta.findClinic')}
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.forClinics}>
                <StethoscopeIcon aria-hidden />
                {t('cta.forClinics')}
                <ArrowRightIcon aria-hidden />
              </Link>
            </Button>
          </>
        }
      />
    </>
  );
}
