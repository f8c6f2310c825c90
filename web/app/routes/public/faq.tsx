import { MailIcon, StethoscopeIcon, UserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CtaBlock } from '../../../components/cta-block.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

const GROUPS = [
  { key: 'clinics', icon: StethoscopeIcon, questions: ['cost', 'duration', 'notApproved'] },
  { key: 'customers', icon: UserIcon, questions: ['free', 'complaint', 'certified'] },
] as const;

export function Component() {
  const { t } = useTranslation('faq');
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />

      {/* One accordion around both groups: only one answer is open on the whole page at a time. */}
      <Accordion type="single" collapsible className="mx-auto max-w-3xl space-y-12 px-4 pt-14 sm:px-6">
        {GROUPS.map(({ key, icon: Icon, questions }) => (
          <section key={key} aria-labelledby={`faq-${key}-heading`}>
            <h2 id={`faq-${key}-heading`} className="flex items-center gap-3 text-2xl font-bold tracking-tight">
              <Icon className="size-9 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
              {t(`${key}.title`)}
            </h2>
            <div className="mt-4 rounded-lg border bg-card px-5 shadow-sm">
              {questions.map((question) => (
                <AccordionItem key={question} value={`${key}-${question}`} className="last:border-b-0">
                  <AccordionTrigger className="text-base">{t(`${key}.${question}.question`)}</AccordionTrigger>
                  <AccordionContent className="text-base leading-relaxed">
                    {t(`${key}.${question}.answer`)}
                  </AccordionContent>
                </AccordionItem>
              ))}
            </div>
          </section>
        ))}
      </Accordion>

      <CtaBlock
        title={t('cta.title')}
        text={t('cta.text')}
        actions={
          <Button asChild size="lg">
            <Link to={paths.contact}>
              <MailIcon aria-hidden />
              {t('cta.contact')}
            </Link>
          </Button>
        }
      />
    </>
  );
}
