import {
  ArrowRightIcon,
  BadgeCheckIcon,
  EyeIcon,
  HeartHandshakeIcon,
  ShieldCheckIcon,
  SparklesIcon,
  UsersIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentSection, IconCardList } from '../../../components/content-section.tsx';
import { CtaBlock } from '../../../components/cta-block.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';

const VALUES = [
  { key: 'safety', icon: ShieldCheckIcon },
  { key: 'quality', icon: SparklesIcon },
  { key: 'transparency', icon: EyeIcon },
] as const;

const REVIEW_AREAS = ['hygiene', 'competence', 'insurance', 'products'] as const;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export function Component() {
  const { t } = useTranslation('about');
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />

      <section
        aria-labelledby="mission-heading"
        className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[3fr_2fr]"
      >
        <div>
          <h2 id="mission-heading" className="text-3xl font-bold tracking-tight">
            {t('mission.title')}
          </h2>
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-muted-foreground">
            <p>{t('mission.paragraph1')}</p>
            <p>{t('mission.paragraph2')}</p>
            <p>{t('mission.paragraph3')}</p>
          </div>
        </div>
        <Card className="self-start bg-secondary/40">
          <CardHeader>
            <HeartHandshakeIcon className="size-10 rounded-lg bg-card p-2 text-primary" aria-hidden />
            <h3 className="mt-3 text-lg leading-tight font-semibold">{t('reviewAreas.title')}</h3>
            <CardDescription>{t('reviewAreas.intro')}</CardDescription>
            <ul className="mt-3 space-y-2">
              {REVIEW_AREAS.map((key) => (
                <li key={key} className="flex items-start gap-2 text-sm">
                  <BadgeCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  <span>{t(`reviewAreas.${key}`)}</span>
                </li>
              ))}
            </ul>
          </CardHeader>
        </Card>
      </section>

      <ContentSection id="values" title={t('values.title')} intro={t('values.intro')} muted>
        <IconCardList
          className="md:grid-cols-3"
          items={VALUES.map(({ key, icon }) => ({
            key,
            icon,
            title: t(`values.${key}.title`),
            text: t(`values.${key}.text`),
          }))}
        />
      </ContentSection>

      <section aria-labelledby="sources-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="sources-heading" className="text-xl font-semibold">
          {t('sources.title')}
        </h2>
        {/* GeoNames' licence (CC BY 4.0) asks for this attribution (issue 24; server/lib/places). */}
        <p className="mt-3 max-w-3xl text-muted-foreground">
          {t('sources.placesLabel')}{' '}
          <a href="https://www.geonames.org/" className={linkClass}>
            GeoNames
          </a>
          ,{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" className={linkClass}>
            CC BY 4.0
          </a>
          . {t('sources.placesText')}
        </p>
      </section>

      <CtaBlock
        title={t('cta.title')}
        text={t('cta.text')}
        actions={
          <>
            <Button asChild size="lg">
              <Link to={paths.clinics}>
                {t('cta.findClinic')}
                <ArrowRightIcon aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.forClinics}>
                <UsersIcon aria-hidden />
                {t('cta.forClinics')}
              </Link>
            </Button>
          </>
        }
      />
    </>
  );
}
