import {
  ArrowRightIcon,
  AwardIcon,
  BadgeCheckIcon,
  CalendarCheckIcon,
  ClipboardListIcon,
  ClockIcon,
  EyeIcon,
  FileCheckIcon,
  MailIcon,
  MessageSquareTextIcon,
  ReceiptTextIcon,
  RefreshCwIcon,
  SearchCheckIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentSection, IconCardList, NumberedSteps } from '../../../components/content-section.tsx';
import { CtaBlock } from '../../../components/cta-block.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { registerClinicHref } from '../../../config/page-params.ts';
import { paths } from '../../../config/paths.ts';

const BENEFITS = [
  { key: 'credibility', icon: ShieldCheckIcon },
  { key: 'visibility', icon: EyeIcon },
  { key: 'quality', icon: AwardIcon },
  { key: 'badge', icon: BadgeCheckIcon },
  { key: 'feedback', icon: MessageSquareTextIcon },
] as const;

const STEPS = [
  { key: 'apply', icon: ClipboardListIcon },
  { key: 'review', icon: SearchCheckIcon },
  { key: 'certify', icon: FileCheckIcon },
  { key: 'followUp', icon: CalendarCheckIcon },
] as const;

const FACTS = [
  { key: 'fee', icon: ReceiptTextIcon },
  { key: 'duration', icon: ClockIcon },
  { key: 'resubmit', icon: RefreshCwIcon },
] as const;

function StartApplicationButton({ label }: { label: string }) {
  return (
    <Button asChild size="lg">
      <Link to={registerClinicHref}>
        {label}
        <ArrowRightIcon aria-hidden />
      </Link>
    </Button>
  );
}

export function Component() {
  const { t } = useTranslation('forClinics');
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')}>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <StartApplicationButton label={t('startApplication')} />
        </div>
      </PageHeader>

      <ContentSection id="benefits" title={t('benefits.title')} intro={t('benefits.intro')}>
        <IconCardList
          className="sm:grid-cols-2 lg:grid-cols-6"
          itemClassName={(index) => (index < 3 ? 'lg:col-span-2' : 'lg:col-span-3')}
          items={BENEFITS.map(({ key, icon }) => ({
            key,
            icon,
            title: t(`benefits.${key}.title`),
            text: t(`benefits.${key}.text`),
          }))}
        />
      </ContentSection>

      <ContentSection id="process" title={t('process.title')} intro={t('process.intro')} muted>
        <NumberedSteps
          items={STEPS.map(({ key, icon }) => ({
            key,
            icon,
            title: t(`process.${key}.title`),
            text: t(`process.${key}.text`),
          }))}
          stepLabel={(number) => t('process.stepNumber', { number })}
        />
      </ContentSection>

      <section aria-labelledby="facts-heading" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
        <h2 id="facts-heading" className="text-center text-3xl font-bold tracking-tight">
          {t('facts.title')}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {FACTS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4 rounded-lg border bg-card p-6 shadow-sm">
              <Icon className="size-10 shrink-0 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
              <div>
                <h3 className="font-semibold">{t(`facts.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`facts.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <CtaBlock
        title={t('cta.title')}
        text={t('cta.text')}
        actions={
          <>
            <StartApplicationButton label={t('startApplication')} />
            <Button asChild size="lg" variant="outline">
              <Link to={paths.contact}>
                <MailIcon aria-hidden />
                {t('cta.contact')}
              </Link>
            </Button>
          </>
        }
      />
    </>
  );
}
