import { ShieldCheckIcon } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useHeroContent } from '../../../features/site/api/get-hero-content.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { removePrerenderedPage } from '../../../lib/prerendered-page.ts';

export function Hero() {
  const { t, i18n } = useTranslation('home');
  const hero = useHeroContent(currentLanguage(i18n.resolvedLanguage));

  // The server's copy of this page goes once the hero can show the same texts (or has given up on them).
  useLayoutEffect(() => {
    if (!hero.isPending) removePrerenderedPage();
  }, [hero.isPending]);

  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-secondary via-background to-accent/40">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-card px-3 py-1 text-sm font-medium text-primary shadow-sm">
            <ShieldCheckIcon className="size-4" aria-hidden />
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-5 min-h-[2.4em] text-4xl font-bold tracking-tight sm:text-5xl">
            {hero.data?.heroTitle ?? t('hero.fallbackTitle')}
          </h1>
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
        <img
          src="/images/hero.svg"
          alt={t('hero.imageAlt')}
          width={640}
          height={480}
          className="w-full rounded-2xl shadow-xl"
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
