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
import { CtaBlock } from '../../../components/cta-block.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
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
      <Link to={paths.register}>
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

      <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="benefits-heading" className="text-center text-3xl font-bold tracking-tight">
          {t('benefits.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{t('benefits.intro')}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-6">
          {BENEFITS.map(({ key, icon: Icon }, index) => (
            <li key={key} className={index < 3 ? 'lg:col-span-2' : 'lg:col-span-3'}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="size-10 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
                  <CardTitle className="mt-3">{t(`benefits.${key}.title`)}</CardTitle>
                  <CardDescription>{t(`benefits.${key}.text`)}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="process-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="process-heading" className="text-center text-3xl font-bold tracking-tight">
            {t('process.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{t('process.intro')}</p>
          <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ key, icon: Icon }, index) => (
              <li key={key} className="relative rounded-lg border bg-card p-6 shadow-sm">
                <span className="absolute top-4 right-4 text-4xl font-bold text-secondary" aria-hidden>
                  {index + 1}
                </span>
                <Icon className="size-8 text-primary" aria-hidden />
                <h3 className="mt-4 font-semibold">
                  <span className="sr-only">{t('process.stepNumber', { number: index + 1 })} </span>
                  {t(`process.${key}.title`)}
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{t(`process.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

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
