import { ArrowRightIcon, LogInIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CERTIFICATION_BODY, type Role, ROLES } from '../../../../contracts/constants.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { paths } from '../../../config/paths.ts';
import { PRIVACY_PERIODS } from '../lib/periods.ts';

/**
 * Who reads the page: signed out, signed in as a role (null: a session naming none), or not known, in the
 * server's copy of the page, which shows the link of every state and lets the stored session's mark on
 * `<html>` pick the visitor's (web/styles.css, docs/decisions/025-session-known-at-first-paint.md).
 */
export type PrivacyReader = { kind: 'signedOut' } | { kind: 'signedIn'; role: Role | null } | { kind: 'unknown' };

type Basis = 'contract' | 'legitimateInterest' | 'legalObligation';
const BASES: Basis[] = ['contract', 'legitimateInterest', 'legalObligation'];

/**
 * What is kept for whom, and on which basis. What it says is what the code keeps: the tables of
 * server/db/schema, the public fields (contracts/clinics.ts ClinicProfileSchema, contracts/facts.ts
 * PublicFactSchema), the audit log's actions, the request log (server/lib/logging.ts) and the rate limits.
 */
const STORED: { role: string; items: { key: string; bases: Basis[] }[] }[] = [
  {
    role: 'customer',
    items: [
      { key: 'account', bases: ['contract'] },
      { key: 'follows', bases: ['contract'] },
      // Kept without name or email after the account is deleted: the certification record.
      { key: 'reports', bases: ['contract', 'legitimateInterest'] },
      { key: 'messages', bases: ['contract'] },
      // The clinic's invitation reaches a person who may have no account yet.
      { key: 'reviews', bases: ['contract', 'legitimateInterest'] },
    ],
  },
  {
    role: 'clinic',
    items: [
      { key: 'account', bases: ['contract'] },
      { key: 'application', bases: ['contract'] },
      { key: 'documents', bases: ['contract', 'legitimateInterest'] },
      { key: 'facts', bases: ['contract', 'legitimateInterest'] },
      { key: 'certificates', bases: ['contract', 'legitimateInterest'] },
      { key: 'reviews', bases: ['contract'] },
      { key: 'messages', bases: ['contract'] },
      { key: 'public', bases: ['contract'] },
    ],
  },
  {
    role: 'admin',
    items: [
      { key: 'account', bases: ['contract'] },
      { key: 'audit', bases: ['legitimateInterest'] },
    ],
  },
  { role: 'guest', items: [{ key: 'message', bases: ['legitimateInterest'] }] },
  { role: 'visitor', items: [{ key: 'technical', bases: ['legitimateInterest'] }] },
];

const RIGHTS = ['access', 'portability', 'rectification', 'erasure', 'objection'] as const;
const RECIPIENTS = ['mail', 'storage', 'payments', 'others'] as const;

/** Everything the product keeps in the browser: auth-js's session (web/lib/auth-client.ts) and the language (web/lib/i18n.ts). */
const BROWSER_STORAGE = [
  { name: 'ck-auth', kind: 'localStorage', key: 'session' },
  { name: 'i18nextLng', kind: 'localStorage', key: 'language' },
  { name: 'i18next', kind: 'cookie', key: 'languageCookie' },
] as const;

const SETTINGS: Record<Role, string> = {
  customer: paths.customerSettings,
  clinic: paths.clinicSettings,
  admin: paths.adminSettings,
};

const SECTIONS = ['controller', 'stored', 'bases', 'retention', 'recipients', 'rights', 'storage', 'complaint'];
const sectionId = (key: string) => `privacy-${key}`;
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

function Section({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${sectionId(name)}-heading`} id={sectionId(name)} className="scroll-mt-20">
      <h2 id={`${sectionId(name)}-heading`} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed">{children}</div>
    </section>
  );
}

/** The way to the buttons "Ladda ner mina uppgifter" and "Radera konto": the reader's settings, or signing in. */
function SettingsAction({ role }: { role: Role | null }) {
  const { t } = useTranslation('privacy');
  return role ? (
    <Button asChild>
      <Link to={SETTINGS[role]}>
        {t('rights.toSettings')}
        <ArrowRightIcon aria-hidden />
      </Link>
    </Button>
  ) : (
    <Button asChild>
      <Link to={paths.login}>
        <LogInIcon aria-hidden />
        {t('rights.signIn')}
      </Link>
    </Button>
  );
}

function ReaderSettingsAction({ reader }: { reader: PrivacyReader }) {
  if (reader.kind === 'signedOut') return <SettingsAction role={null} />;
  if (reader.kind === 'signedIn') return <SettingsAction role={reader.role} />;
  return (
    <>
      <span data-session-state="signed-out" className="contents">
        <SettingsAction role={null} />
      </span>
      {[...ROLES, null].map((role) => (
        <span key={role ?? ''} data-session-state={role ?? ''} className="contents">
          <SettingsAction role={role} />
        </span>
      ))}
    </>
  );
}

/**
 * The privacy policy (issue 26 point 4): who is responsible, what is kept for each role and why, on which
 * legal basis, for how long, who receives it, the rights and the buttons that use them, the browser
 * storage (all of it necessary: no banner) and the authority to complain to.
 */
export function PrivacyPolicy({ reader }: { reader: PrivacyReader }) {
  const { t } = useTranslation('privacy');
  const basisNames = (bases: Basis[]) => bases.map((basis) => t(`bases.${basis}.name`)).join(', ');
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="mx-auto max-w-3xl space-y-14 px-4 py-14 sm:px-6">
        <nav aria-labelledby="privacy-contents-heading" className="rounded-lg border bg-card p-5 shadow-sm">
          <h2 id="privacy-contents-heading" className="text-sm font-semibold">
            {t('contents')}
          </h2>
          <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            {SECTIONS.map((name) => (
              <li key={name}>
                <a href={`#${sectionId(name)}`} className={linkClass}>
                  {t(`${name}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <Section name="controller" title={t('controller.title')}>
          <p>{t('controller.text', { body: CERTIFICATION_BODY })}</p>
          <p>
            {t('controller.contact')}{' '}
            <Link to={paths.contact} className={linkClass}>
              {t('controller.contactLink')}
            </Link>
          </p>
        </Section>

        <Section name="stored" title={t('stored.title')}>
          <p>{t('stored.intro')}</p>
          {STORED.map(({ role, items }) => (
            <section key={role} aria-labelledby={`privacy-stored-${role}`} className="pt-4">
              <h3 id={`privacy-stored-${role}`} className="text-xl font-semibold">
                {t(`stored.${role}.title`)}
              </h3>
              <dl className="mt-3 grid gap-4 rounded-lg border bg-card p-5 shadow-sm">
                {items.map(({ key, bases }) => (
                  <div key={key} className="grid gap-1">
                    <dt className="font-medium">{t(`stored.${role}.${key}.title`)}</dt>
                    <dd className="text-sm leading-relaxed text-muted-foreground">
                      <p>{t(`stored.${role}.${key}.text`)}</p>
                      <p className="mt-1 font-medium text-foreground">
                        {t('stored.basis', { bases: basisNames(bases) })}
                      </p>
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </Section>

        <Section name="bases" title={t('bases.title')}>
          <dl className="grid gap-4">
            {BASES.map((basis) => (
              <div key={basis} className="grid gap-1">
                <dt className="font-medium">{t(`bases.${basis}.name`)}</dt>
                <dd className="text-muted-foreground">{t(`bases.${basis}.text`)}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section name="retention" title={t('retention.title')}>
          <ul className="list-disc space-y-2 pl-5">
            <li>{t('retention.account')}</li>
            <li>{t('retention.sessions', { days: PRIVACY_PERIODS.sessionDays })}</li>
            <li>{t('retention.unsentDocuments', { months: PRIVACY_PERIODS.unsentDocumentsMonths })}</li>
            <li>
              {t('retention.deletedClinicDocuments', {
                years: PRIVACY_PERIODS.decisionDocumentsYears,
                days: PRIVACY_PERIODS.otherDocumentsDays,
              })}
            </li>
            <li>{t('retention.outbox', { days: PRIVACY_PERIODS.outboxDays })}</li>
            <li>{t('retention.rateLimits')}</li>
            <li>{t('retention.afterDeletion')}</li>
            <li>{t('retention.record')}</li>
          </ul>
        </Section>

        <Section name="recipients" title={t('recipients.title')}>
          <p>{t('recipients.intro')}</p>
          <dl className="grid gap-4">
            {RECIPIENTS.map((key) => (
              <div key={key} className="grid gap-1">
                <dt className="font-medium">{t(`recipients.${key}.title`)}</dt>
                <dd className="text-muted-foreground">{t(`recipients.${key}.text`)}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section name="rights" title={t('rights.title')}>
          <p>{t('rights.intro')}</p>
          <ul className="list-disc space-y-1 pl-5">
            {RIGHTS.map((right) => (
              <li key={right}>{t(`rights.${right}`)}</li>
            ))}
          </ul>
          <h3 className="pt-2 text-xl font-semibold">{t('rights.howTitle')}</h3>
          <ul className="list-disc space-y-2 pl-5">
            <li>{t('rights.download')}</li>
            <li>{t('rights.delete')}</li>
            <li>{t('rights.rectify')}</li>
            <li>
              {t('rights.write')}{' '}
              <Link to={paths.contact} className={linkClass}>
                {t('controller.contactLink')}
              </Link>
            </li>
          </ul>
          <div>
            <ReaderSettingsAction reader={reader} />
          </div>
        </Section>

        <Section name="storage" title={t('storage.title')}>
          <p>{t('storage.intro')}</p>
          <Table>
            <caption className="sr-only">{t('storage.caption')}</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('storage.name')}</TableHead>
                <TableHead scope="col">{t('storage.kind')}</TableHead>
                <TableHead scope="col">{t('storage.purpose')}</TableHead>
                <TableHead scope="col">{t('storage.duration')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {BROWSER_STORAGE.map(({ name, kind, key }) => (
                <TableRow key={name}>
                  <TableCell className="font-mono">{name}</TableCell>
                  <TableCell>{t(`storage.${kind}`)}</TableCell>
                  <TableCell>{t(`storage.${key}.purpose`)}</TableCell>
                  <TableCell>{t(`storage.${key}.duration`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>

        <Section name="complaint" title={t('complaint.title')}>
          <p>
            {t('complaint.text')}{' '}
            <a href="https://www.imy.se" className={linkClass}>
              {t('complaint.link')}
            </a>
          </p>
        </Section>
      </div>
    </>
  );
}
