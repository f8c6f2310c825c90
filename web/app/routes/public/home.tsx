import {
  ArrowRightIcon,
  AwardIcon,
  BadgeCheckIcon,
  CalendarCheckIcon,
  ClipboardListIcon,
  EyeIcon,
  SearchCheckIcon,
  ShieldCheckIcon,
  UsersIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ContentSection, IconCardList, NumberedSteps } from '../../../components/content-section.tsx';
import { paths } from '../../../config/paths.ts';
import { FeaturedClinics } from '../../../features/clinic-register/components/featured-clinics.tsx';
import { useClinicCardActions } from './clinic-card-actions.tsx';
import { Hero } from './landing-hero.tsx';

const BENEFITS = [
  { key: 'credibility', icon: ShieldCheckIcon },
  { key: 'visibility', icon: EyeIcon },
  { key: 'quality', icon: AwardIcon },
] as const;

const STEPS = [
  { key: 'apply', icon: ClipboardListIcon },
  { key: 'review', icon: SearchCheckIcon },
  { key: 'certify', icon: BadgeCheckIcon },
  { key: 'followUp', icon: CalendarCheckIcon },
] as const;

export function Component() {
  const { t } = useTranslation('home');
  const cardActions = useClinicCardActions();
  return (
    <>
      <Hero />

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className="text-3xl font-bold tracking-tight">
              {t('featured.title')}
            </h2>
            <p className="mt-2 text-muted-foreground">{t('featured.intro')}</p>
          </div>
          <Button asChild variant="outline">
            <Link to={paths.clinics}>
              {t('featured.seeAll')}
              <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
        </div>
        <FeaturedClinics cardAction={cardActions} />
      </section>

      <ContentSection id="why" title={t('why.title')} intro={t('why.intro')} muted>
        <IconCardList
          className="md:grid-cols-3"
          items={BENEFITS.map(({ key, icon }) => ({
            key,
            icon,
            title: t(`why.${key}.title`),
            text: t(`why.${key}.text`),
          }))}
        />
      </ContentSection>

      <ContentSection id="process" title={t('process.title')} intro={t('process.intro')}>
        <NumberedSteps
          items={STEPS.map(({ key, icon }) => ({
            key,
            icon,
            title: t(`process.${key}.title`),
            text: t(`process.${key}.text`),
          }))}
          stepLabel={(number) => t('process.stepNumber', { number })}
        />
        <div className="mt-12 flex justify-center">
          <Button asChild size="lg">
            <Link to={paths.forClinics}>
              <UsersIcon aria-hidden />
              {t('process.cta')}
            </Link>
          </Button>
        </div>
      </ContentSection>
    </>
  );
}
