import {
  ArrowDownAZIcon,
  BadgeCheckIcon,
  CalculatorIcon,
  FlagIcon,
  MailCheckIcon,
  type LucideIcon,
  UserRoundXIcon,
  XCircleIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CERTIFICATION_BODY, REVIEW_HIDE_REASONS } from '../../../../contracts/constants.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';

// Each part of the page: its heading and its points, in this order (the texts are in reviews.json).
const SECTIONS: { key: string; icon: LucideIcon; intro?: boolean; points: string[] }[] = [
  { key: 'collected', icon: MailCheckIcon, intro: true, points: ['invite', 'link', 'signIn', 'oneReview', 'label'] },
  {
    key: 'notDone',
    icon: XCircleIcon,
    points: ['noInvitation', 'noPayment', 'noEditing', 'noRemoval', 'limits', 'clinicChooses'],
  },
  { key: 'rating', icon: CalculatorIcon, points: ['average', 'threshold', 'hidden'] },
  { key: 'moderation', icon: FlagIcon, points: ['report', 'decision', 'placeholder', 'audit', 'reply', 'edit'] },
  { key: 'accounts', icon: UserRoundXIcon, points: ['name', 'deleted'] },
  {
    key: 'ranking',
    icon: ArrowDownAZIcon,
    intro: true,
    points: ['listed', 'search', 'treatment', 'near', 'order', 'notRating', 'noPayment', 'featured'],
  },
];

function Section({
  id,
  icon: Icon,
  intro,
  points,
  children,
}: {
  id: string;
  icon: LucideIcon;
  intro?: boolean;
  points: string[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('reviews');
  return (
    <section aria-labelledby={`guidelines-${id}-heading`}>
      <h2 id={`guidelines-${id}-heading`} className="flex items-center gap-3 text-2xl font-bold tracking-tight">
        <Icon className="size-9 shrink-0 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
        {t(`guidelines.${id}.title`)}
      </h2>
      {intro ? <p className="mt-4 text-lg leading-relaxed">{t(`guidelines.${id}.intro`)}</p> : null}
      <ul className="mt-4 space-y-3">
        {points.map((point) => (
          <li key={point} className="flex items-start gap-3 leading-relaxed text-muted-foreground">
            <BadgeCheckIcon className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
            <span>{t(`guidelines.${id}.${point}`, { body: CERTIFICATION_BODY })}</span>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/**
 * "Så granskar vi omdömen" (issue 23 point 4): how reviews are collected and checked, what is hidden and
 * why, and how the register orders clinics, the main ranking parameters the marketing act asks a site to
 * state. Every rating links here, and so does the register. What it says is what the code does: the
 * invitations and their limits (server/services/reviews), the rating (contracts/reviews.ts ratingSummary),
 * the register's order, by name or nearest first (server/services/clinic-register.ts, issue 24), and the
 * landing page's clinics (featured-clinics.tsx).
 */
export function Component() {
  const { t } = useTranslation(['reviews', 'common']);
  return (
    <>
      <PageHeader title={t('guidelines.title')} intro={t('guidelines.intro')} />
      <div className="mx-auto max-w-3xl space-y-14 px-4 py-14 sm:px-6">
        {SECTIONS.map(({ key, icon, intro, points }) => (
          <Section key={key} id={key} icon={icon} intro={intro} points={points}>
            {key === 'moderation' ? (
              <>
                <h3 className="mt-8 text-lg font-semibold">{t('guidelines.moderation.reasonsTitle')}</h3>
                <dl className="mt-3 grid gap-4 rounded-lg border bg-card p-5 shadow-sm">
                  {REVIEW_HIDE_REASONS.map((reason) => (
                    <div key={reason} className="grid gap-1">
                      <dt className="font-medium">{t(`common:reviewHideReasons.${reason}`)}</dt>
                      <dd className="text-sm leading-relaxed text-muted-foreground">
                        {t(`guidelines.moderation.reasons.${reason}`)}
                      </dd>
                    </div>
                  ))}
                </dl>
              </>
            ) : null}
          </Section>
        ))}
        <p className="border-t pt-8 text-muted-foreground">
          {t('guidelines.questions')}{' '}
          <Link to={paths.contact} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('guidelines.contact')}
          </Link>
        </p>
      </div>
    </>
  );
}
