import {
  CalendarCheckIcon,
  CircleAlertIcon,
  CircleCheckBigIcon,
  LogInIcon,
  LogOutIcon,
  UserPlusIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { REVIEW_EDIT_DAYS, type Role } from '../../../../contracts/constants.ts';
import type { CustomerReview, InvitationByToken } from '../../../../contracts/reviews.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { clinicProfileHref, paths } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { useClaimInvitation } from '../api/claim-invitation.ts';
import { isUnknownInvitation, useInvitationByToken } from '../api/get-invitation-by-token.ts';
import { WriteReview } from './write-review.tsx';

/** Who follows the link, as the page's sign-in state tells it. */
export type InvitationViewer =
  { status: 'loading' } | { status: 'anonymous' } | { status: 'signed-in'; role: Role | null; email: string };

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
/** A button naming a clinic: a long name wraps instead of pushing past a phone's width. */
const wrapping = 'h-auto min-h-10 py-2 text-left whitespace-normal [overflow-wrap:anywhere]';

/** A state of the link the person cannot write from, in words, with the ways on. */
function Notice({
  tone,
  title,
  children,
  actions,
}: {
  tone: 'info' | 'problem';
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const Icon = tone === 'problem' ? CircleAlertIcon : CalendarCheckIcon;
  return (
    <section className="grid gap-3 rounded-lg border bg-card p-6 shadow-sm">
      <h2 className="flex items-start gap-2 text-lg font-semibold">
        <Icon
          className={cn('mt-0.5 size-5 shrink-0', tone === 'problem' ? 'text-destructive' : 'text-primary')}
          aria-hidden
        />
        {title}
      </h2>
      <div className="grid gap-2 text-muted-foreground">{children}</div>
      {actions ? <div className="flex flex-wrap gap-3 pt-1">{actions}</div> : null}
    </section>
  );
}

function ClinicLink({ invitation }: { invitation: Pick<InvitationByToken, 'clinic'> }) {
  const { t } = useTranslation('customerReviews');
  return (
    <Button asChild variant="outline" className={wrapping}>
      <Link to={clinicProfileHref(invitation.clinic.slug)}>
        {t('link.toClinic', { clinic: invitation.clinic.name })}
      </Link>
    </Button>
  );
}

function RegisterLink() {
  const { t } = useTranslation('customerReviews');
  return (
    <Button asChild variant="outline">
      <Link to={paths.clinics}>{t('link.toRegister')}</Link>
    </Button>
  );
}

/** The invitation the link is for: the clinic, the visit and how long the link works. */
function InvitationSummary({ invitation }: { invitation: InvitationByToken }) {
  const { t } = useTranslation('customerReviews');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="[overflow-wrap:anywhere]">
          {t('link.summaryTitle')}{' '}
          <Link to={clinicProfileHref(invitation.clinic.slug)} className={linkClass}>
            {invitation.clinic.name}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="font-medium">{t('link.visitDate')}</dt>
          <dd>
            <time dateTime={invitation.visitDate}>{formatDay(invitation.visitDate)}</time>
          </dd>
          <dt className="font-medium">{t('link.validUntil')}</dt>
          <dd>
            <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/** Signed out: whom the invitation is for, and signing in or registering with that address, back to this page. */
function SignInPrompt({ invitation }: { invitation: InvitationByToken }) {
  const { t } = useTranslation('customerReviews');
  const location = useLocation();
  // The sign-in and registration pages come back here, with the invited address filled in.
  const state = { from: `${location.pathname}${location.search}`, email: invitation.email };
  return (
    <Notice
      tone="info"
      title={t('link.signIn.title')}
      actions={
        <>
          <Button asChild>
            <Link to={paths.login} state={state}>
              <LogInIcon aria-hidden />
              {t('link.signIn.login')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.register} state={state}>
              <UserPlusIcon aria-hidden />
              {t('link.signIn.register')}
            </Link>
          </Button>
        </>
      }
    >
      <p>
        {t('link.signIn.forAddress')} <strong className="break-all text-foreground">{invitation.email}</strong>
      </p>
      <p>{t('link.signIn.text')}</p>
    </Notice>
  );
}

/** Signed in with an account that cannot use the link: which, and signing out to use the right one. */
function WrongAccount({ text, onSignOut }: { text: string; onSignOut: () => void }) {
  const { t } = useTranslation('customerReviews');
  return (
    <Notice
      tone="problem"
      title={t('link.wrongAccount.title')}
      actions={
        <Button variant="outline" onClick={onSignOut}>
          <LogOutIcon aria-hidden />
          {t('link.wrongAccount.signOut')}
        </Button>
      }
    >
      <p className="[overflow-wrap:anywhere]">{text}</p>
    </Notice>
  );
}

/** After sending: thanks, and where the review is now. Focused, so a screen reader reads it at once. */
function Written({ review }: { review: CustomerReview }) {
  const { t } = useTranslation('customerReviews');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="grid gap-3 rounded-lg border border-success/40 bg-card p-6 shadow-sm">
      <h2 ref={heading} tabIndex={-1} className="flex items-start gap-2 text-lg font-semibold outline-none">
        <CircleCheckBigIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        {t('written.title')}
      </h2>
      <p className="text-muted-foreground">
        {t('written.text', { clinic: review.clinic.name, days: REVIEW_EDIT_DAYS })}
      </p>
      <div className="flex flex-wrap gap-3 pt-1">
        <Button asChild className={wrapping}>
          <Link to={clinicProfileHref(review.clinic.slug)}>{t('link.toClinic', { clinic: review.clinic.name })}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.customerDashboard}>{t('written.toMyReviews')}</Link>
        </Button>
      </div>
    </section>
  );
}

/** The invited customer, signed in: takes the invitation, then writes the review. */
function ClaimAndWrite({ token }: { token: string }) {
  const { t } = useTranslation('customerReviews');
  const claim = useClaimInvitation(token);
  const [written, setWritten] = useState<CustomerReview | null>(null);
  if (written) return <Written review={written} />;
  if (!claim.data) {
    return claim.isError ? (
      <Notice
        tone="problem"
        title={t('link.claimError')}
        actions={
          <Button asChild variant="outline">
            <Link to={paths.customerDashboard}>{t('written.toMyReviews')}</Link>
          </Button>
        }
      >
        <p>{apiErrorMessage(claim.error)}</p>
      </Notice>
    ) : (
      <Spinner label={t('link.preparing')} />
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('link.formTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <WriteReview invitation={claim.data} onWritten={setWritten} />
      </CardContent>
    </Card>
  );
}

/**
 * The page a review invitation's emailed link opens (`/omdome/:token`): what the link is for, and
 * then, by who follows it, signing in with the invited address, a word on the wrong account, or the
 * review form. A used, expired or unknown link says so and where to go instead.
 */
export function ReviewInvitation({
  token,
  viewer,
  onSignOut,
}: {
  token: string;
  viewer: InvitationViewer;
  onSignOut: () => void;
}) {
  const { t } = useTranslation('customerReviews');
  const invitation = useInvitationByToken(token);

  if (!invitation.data) {
    if (!invitation.isError) return <Spinner label={t('link.loading')} />;
    if (!isUnknownInvitation(invitation.error)) {
      return (
        <LoadError
          message={t('link.loadError')}
          onRetry={() => void invitation.refetch()}
          retrying={invitation.isFetching}
        />
      );
    }
    return (
      <Notice tone="problem" title={t('link.unknown.title')} actions={<RegisterLink />}>
        <p>{t('link.unknown.text')}</p>
      </Notice>
    );
  }

  const found = invitation.data;
  if (found.status === 'used') {
    return (
      <Notice
        tone="info"
        title={t('link.used.title')}
        actions={
          <>
            <ClinicLink invitation={found} />
            <Button asChild variant="outline">
              <Link to={paths.customerDashboard}>{t('written.toMyReviews')}</Link>
            </Button>
          </>
        }
      >
        <p>{t('link.used.text', { clinic: found.clinic.name })}</p>
      </Notice>
    );
  }
  if (found.status === 'expired') {
    return (
      <Notice
        tone="problem"
        title={t('link.expired.title')}
        actions={
          <>
            <ClinicLink invitation={found} />
            <RegisterLink />
          </>
        }
      >
        <p>{t('link.expired.text', { clinic: found.clinic.name, date: formatDate(found.expiresAt) })}</p>
      </Notice>
    );
  }

  const gate = (() => {
    if (viewer.status === 'loading') return <Spinner label={t('link.checkingSignIn')} />;
    if (viewer.status === 'anonymous') return <SignInPrompt invitation={found} />;
    // Without a known role (its profile did not load) the server decides.
    if (viewer.role === 'clinic' || viewer.role === 'admin') {
      return (
        <WrongAccount text={t(`link.wrongAccount.${viewer.role}`, { email: found.email })} onSignOut={onSignOut} />
      );
    }
    if (viewer.email.toLowerCase() !== found.email.toLowerCase()) {
      return (
        <WrongAccount
          text={t('link.wrongAccount.address', { current: viewer.email, email: found.email })}
          onSignOut={onSignOut}
        />
      );
    }
    return <ClaimAndWrite token={token} />;
  })();

  return (
    <div className="grid gap-6">
      <InvitationSummary invitation={found} />
      {gate}
    </div>
  );
}
