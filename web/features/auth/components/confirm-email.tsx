import { MailCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { myPageHref, paths } from '../../../config/paths.ts';
import { useVerifyEmailChange } from '../api/verify-email-change.ts';
import { toAuthUser } from '../lib/auth-user.ts';

function InvalidLink({ taken = false }: { taken?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <div className="grid gap-5 text-center">
      <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-5">
        <TriangleAlertIcon className="mx-auto size-8 text-destructive" aria-hidden />
        <p className="mt-3 font-semibold">{t('confirmEmail.invalid.title')}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {t(taken ? 'confirmEmail.invalid.taken' : 'confirmEmail.invalid.text')}
        </p>
      </div>
      <Button asChild variant="outline">
        <Link to={paths.login}>{t('confirmEmail.invalid.action')}</Link>
      </Button>
    </div>
  );
}

function VerifiedEmailChange({ tokenHash }: { tokenHash: string }) {
  const { t } = useTranslation('auth');
  const verification = useVerifyEmailChange(tokenHash);
  if (verification.isPending) return <Spinner label={t('confirmEmail.verifying')} className="py-8" />;
  if (verification.isError) {
    const code = (verification.error as { code?: unknown }).code;
    return <InvalidLink taken={code === 'email_exists'} />;
  }
  const user = toAuthUser(verification.data);
  return (
    <div className="grid gap-5 text-center">
      <div role="status" className="rounded-lg border border-primary/30 bg-secondary/60 p-5">
        <MailCheckIcon className="mx-auto size-8 text-primary" aria-hidden />
        <p className="mt-3 font-semibold">{t('confirmEmail.done.title')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('confirmEmail.done.text', { email: user.email })}</p>
      </div>
      <Button asChild>
        <Link to={myPageHref(user.role)}>{t('confirmEmail.done.action')}</Link>
      </Button>
    </div>
  );
}

/** `/confirm-email?token_hash=…&type=email_change`, the link mailed to a new address: verify it, and the address changes. */
export function ConfirmEmail() {
  const [searchParams] = useSearchParams();
  const tokenHash = searchParams.get('token_hash');
  if (!tokenHash || searchParams.get('type') !== 'email_change') return <InvalidLink />;
  return <VerifiedEmailChange tokenHash={tokenHash} />;
}
