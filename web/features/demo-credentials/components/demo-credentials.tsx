import {
  AlertTriangleIcon,
  InfoIcon,
  LogInIcon,
  ShieldCheckIcon,
  StethoscopeIcon,
  TerminalIcon,
  UserIcon,
  UserPlusIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DemoCredentials as DemoCredentialsData } from '../../../../contracts/site.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { isNotDemoInstallation, useDemoCredentials } from '../api/get-demo-credentials.ts';
import { type CopyMessages, CopyButton } from './copy-button.tsx';

type Account = DemoCredentialsData['accounts'][number];
type CopiedField = 'email' | 'password' | 'adminEmail' | 'command';

const ROLE_ICONS = { clinic: StethoscopeIcon, customer: UserIcon } as const;
// Clinics first: they are the ones the certification flow is about.
const ROLE_ORDER: Account['role'][] = ['clinic', 'customer'];

function useCopyMessages() {
  const { t } = useTranslation('credentials');
  return (field: CopiedField, label: string): CopyMessages => ({
    label,
    successTitle: t('copy.successTitle'),
    successDescription: t(`copy.success.${field}`),
    failureTitle: t('copy.failureTitle'),
    failureDescription: t('copy.failureDescription'),
  });
}

function CopyableValue({ value, copy }: { value: string; copy: CopyMessages }) {
  return (
    <div className="flex items-center gap-2">
      <code className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all">{value}</code>
      <CopyButton value={value} messages={copy} />
    </div>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-lg border bg-card p-6 shadow-sm">
      {icon}
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <div className="mt-1 text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}

function AccountCard({ account }: { account: Account }) {
  const { t } = useTranslation('credentials');
  const copyMessages = useCopyMessages();
  const Icon = ROLE_ICONS[account.role];
  const accountName = t(`roles.${account.role}.accountName`);
  return (
    <Card className="h-full">
      <CardHeader>
        <Icon className="size-10 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
        <CardTitle className="mt-3">{t(`roles.${account.role}.title`)}</CardTitle>
        <CardDescription>{t(`roles.${account.role}.text`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-1.5">
            <dt className="text-sm font-medium">{t('accounts.email')}</dt>
            <dd>
              <CopyableValue
                value={account.email}
                copy={copyMessages('email', t('copy.email', { account: accountName }))}
              />
            </dd>
          </div>
          <div className="grid grid-cols-1 gap-1.5">
            <dt className="text-sm font-medium">{t('accounts.password')}</dt>
            <dd>
              <CopyableValue
                value={account.password}
                copy={copyMessages('password', t('copy.password', { account: accountName }))}
              />
            </dd>
          </div>
        </dl>
        <Button asChild variant="outline" className="mt-5 w-full">
          <Link to={paths.login}>
            <LogInIcon aria-hidden />
            {t(`roles.${account.role}.signIn`)}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The first step: register the address where sign-up makes the admin, else run `npm run admin:create` on the server (production, issue 27). */
function AdminFirstStep({ adminEmail, adminSetup }: Pick<DemoCredentialsData, 'adminEmail' | 'adminSetup'>) {
  const { t } = useTranslation('credentials');
  const copyMessages = useCopyMessages();
  if (adminSetup === 'admin-create') {
    return (
      <>
        <h3 className="pr-10 font-semibold">
          <span className="sr-only">{t('admin.stepNumber', { number: 1 })} </span>
          {t('admin.create.title')}
        </h3>
        <p className="mt-2 text-sm text-muted-foreground">{t('admin.create.text')}</p>
        <p className="mt-4 mb-1.5 flex items-center gap-1.5 text-sm font-medium">
          <TerminalIcon className="size-4" aria-hidden />
          {t('admin.create.commandLabel')}
        </p>
        <CopyableValue
          value={`npm run admin:create -- --email ${adminEmail}`}
          copy={copyMessages('command', t('copy.command'))}
        />
      </>
    );
  }
  return (
    <>
      <h3 className="pr-10 font-semibold">
        <span className="sr-only">{t('admin.stepNumber', { number: 1 })} </span>
        {t('admin.register.title')}
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">{t('admin.register.text')}</p>
      <p className="mt-4 mb-1.5 text-sm font-medium">{t('admin.register.addressLabel')}</p>
      <CopyableValue value={adminEmail} copy={copyMessages('adminEmail', t('copy.adminEmail'))} />
      <Button asChild className="mt-5">
        <Link to={paths.register}>
          <UserPlusIcon aria-hidden />
          {t('admin.register.action')}
        </Link>
      </Button>
    </>
  );
}

function AdminSetup({ adminEmail, adminSetup }: Pick<DemoCredentialsData, 'adminEmail' | 'adminSetup'>) {
  const { t } = useTranslation('credentials');
  return (
    <section aria-labelledby="admin-setup-heading">
      <h2 id="admin-setup-heading" className="flex items-center gap-3 text-2xl font-bold tracking-tight">
        <ShieldCheckIcon className="size-9 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
        {t('admin.title')}
      </h2>
      <p className="mt-2 text-muted-foreground">{t('admin.intro')}</p>
      <ol className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
        <li className="relative rounded-lg border bg-card p-6 shadow-sm">
          <span className="absolute top-4 right-4 text-4xl font-bold text-secondary" aria-hidden>
            1
          </span>
          <AdminFirstStep adminEmail={adminEmail} adminSetup={adminSetup} />
        </li>
        <li className="relative rounded-lg border bg-card p-6 shadow-sm">
          <span className="absolute top-4 right-4 text-4xl font-bold text-secondary" aria-hidden>
            2
          </span>
          <h3 className="pr-10 font-semibold">
            <span className="sr-only">{t('admin.stepNumber', { number: 2 })} </span>
            {t('admin.signIn.title')}
          </h3>
          <p className="mt-2 text-sm text-muted-foreground">
            {t(adminSetup === 'admin-create' ? 'admin.signIn.textAfterCreate' : 'admin.signIn.text')}
          </p>
          <Button asChild className="mt-5">
            <Link to={paths.adminLogin}>
              <LogInIcon aria-hidden />
              {t('admin.signIn.action')}
            </Link>
          </Button>
        </li>
      </ol>
    </section>
  );
}

/** The test logins of a demo installation (GET /api/site/demo-credentials); other installations answer 404. */
export function DemoCredentials() {
  const { t } = useTranslation('credentials');
  const credentials = useDemoCredentials();

  if (credentials.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('loading')}
      </p>
    );
  }

  if (credentials.isError) {
    return isNotDemoInstallation(credentials.error) ? (
      <Notice
        icon={<InfoIcon className="size-10 shrink-0 rounded-lg bg-secondary p-2 text-primary" aria-hidden />}
        title={t('unavailable.title')}
      >
        <p>{t('unavailable.text')}</p>
      </Notice>
    ) : (
      <Notice
        icon={
          <AlertTriangleIcon
            className="size-10 shrink-0 rounded-lg bg-destructive/10 p-2 text-destructive"
            aria-hidden
          />
        }
        title={t('error.title')}
      >
        <p>{t('error.text')}</p>
        <Button type="button" variant="outline" className="mt-4" onClick={() => void credentials.refetch()}>
          {t('error.retry')}
        </Button>
      </Notice>
    );
  }

  const accounts = [...credentials.data.accounts].sort(
    (a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role),
  );

  return (
    <div className="space-y-14">
      <div className="flex gap-3 rounded-lg border border-accent-foreground/20 bg-accent/50 p-5 text-accent-foreground">
        <InfoIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>{t('registerFirst')}</p>
      </div>

      <section aria-labelledby="demo-accounts-heading">
        <h2 id="demo-accounts-heading" className="text-2xl font-bold tracking-tight">
          {t('accounts.title')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('accounts.intro')}</p>
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
          {accounts.map((account) => (
            <li key={account.email}>
              <AccountCard account={account} />
            </li>
          ))}
        </ul>
      </section>

      <AdminSetup adminEmail={credentials.data.adminEmail} adminSetup={credentials.data.adminSetup} />
    </div>
  );
}
