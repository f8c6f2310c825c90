import { ArrowRightIcon, AwardIcon, BadgeCheckIcon, CalendarCheckIcon, ClipboardListIcon, EyeIcon, SearchCheckIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ContentSection, IconCardList, NumberedSteps } from '../../../components/content-section.tsx';
import { paths } from '../../../config/paths.ts';
import { FeaturedClinics } from '../../../features/clinic-register/components/featured-clinics.tsx';
import { useHeroContent } from '../../../features/site/api/get-hero-content.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useClinicCardActions } from './clinic-card-actions.tsx';

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

function Hero() {
  const { t, i18n } = useTranslation('home');
  const hero = useHeroContent(currentLanguage(i18n.resolvedLanguage));
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-secondary via-background to-accent/40">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-card px-3 py-1 text-sm font-medium text-primary shadow-sm">
            <ShieldCheckIcon className="size-4" aria-hidden />
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-5 min-h-[2.4em] text-4xl font-bold tracking-tight sm:text-5xl">{hero.data?.heroTitle ?? t('hero.fallbackTitle')}</h1>
          <p className="mt-5 min-h-[3em] max-w-xl text-lg text-muted-foreground">{hero.data?.heroSubtitle ?? ''}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.clinics}>{t('hero.findClinic')}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.forClinics}>{t('hero.certifyClinic')}</Link>
            </Button>
          </div>
        </div>
        <img src="/images/hero.svg" alt={t('hero.imageAlt')} width={640} height={480} className="w-full rounded-2xl shadow-xl" fetchPriority="high" />
      </div>
    </section>
  );
}

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
          items={BENEFITS.map(({ key, icon }) => ({ key, icon, title: t(`why.${key}.title`), text: t(`why.${key}.text`) }))}
        />
      </ContentSection>

      <ContentSection id="process" title={t('process.title')} intro={t('process.intro')}>
        <NumberedSteps
          items={STEPS.map(({ key, icon }) => ({ key, icon, title: t(`process.${key}.title`), text: t(`process.${key}.text`) }))}
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
