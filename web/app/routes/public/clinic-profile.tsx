import { MailIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import type { SignInLocationState } from '../../../features/auth/lib/redirect.ts';
import {
  hasLeftRegister,
  isUnknownClinic,
  useClinicProfile,
} from '../../../features/clinic-profile/api/get-clinic-profile.ts';
import { ClinicLeftRegister } from '../../../features/clinic-profile/components/clinic-left-register.tsx';
import { ClinicProfile, ClinicProfileSkeleton } from '../../../features/clinic-profile/components/clinic-profile.tsx';
import { ClinicReviews } from '../../../features/reviews/components/clinic-reviews.tsx';
import { AccessTokenProvider } from '../../../lib/access-token.tsx';
import { ClinicMapToggle } from '../../../features/clinic-map/components/clinic-map-toggle.tsx';
import { useSiteSettings, useSiteTitle } from '../../../features/site/api/get-site-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMessageAction } from './message-action.tsx';
import { Component as NotFound } from './not-found.tsx';
import { useTakeOverWhenLoaded } from '../../../lib/prerendered-page.ts';

/** For a visitor not signed in: signing in as a customer leads back here, where the message button then is. */
function MessageSignInHint() {
  const { t } = useTranslation('clinicProfile');
  const location = useLocation();
  const state: SignInLocationState = { from: location.pathname };
  return (
    <Link
      to={paths.login}
      state={state}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <MailIcon className="size-4" aria-hidden />
      {t('messageSignIn')}
    </Link>
  );
}

/**
 * /kliniker/:slug: a register clinic's public page, or what became of a clinic that left the register;
 * an address that names neither is the site's not-found page.
 */
export function Component() {
  const { t } = useTranslation('clinicProfile');
  const { slug = '' } = useParams();
  const site = useSiteTitle();
  const mapStyleUrl = useSiteSettings().data?.mapStyleUrl;
  const clinic = useClinicProfile(slug);
  useTakeOverWhenLoaded(clinic.isPending);
  const { status, getAccessToken } = useAuth();
  const location = useLocation();
  const messageAction = useMessageAction('default');
  const unknown = clinic.isError && isUnknownClinic(clinic.error);
  // One array while the page's data stays the same, so the map does not place its marker again on each render.
  const onMap = useMemo(() => (clinic.data && !hasLeftRegister(clinic.data) ? [clinic.data] : []), [clinic.data]);

  // The tab's title as the server's head has it (server/services/page-heads.ts), in the visitor's language.
  let title: string | null = null;
  if (clinic.data && hasLeftRegister(clinic.data)) {
    title = t(`leftRegister.documentTitle.${clinic.data.leftRegister.status}`, { name: clinic.data.fullName, site });
  } else if (clinic.data) {
    const { fullName: name, city } = clinic.data;
    title = city ? t('documentTitle.withCity', { name, city, site }) : t('documentTitle.withoutCity', { name, site });
  } else if (unknown) {
    title = t('documentTitle.notFound', { site });
  }
  useDocumentTitle(title);

  // A clinic that left the register (issue 28 point 4): why and since when, not its profile.
  if (clinic.data && hasLeftRegister(clinic.data)) return <ClinicLeftRegister clinic={clinic.data} />;
  if (clinic.data) {
    const action = messageAction?.(clinic.data) ?? (status === 'anonymous' ? <MessageSignInHint /> : undefined);
    // Signing in to report leads back here (issue 23). While the session is still being read the form
    // shows; sent without one, it says to sign in.
    const signInState: SignInLocationState = { from: location.pathname };
    const reviews = (
      <AccessTokenProvider getAccessToken={getAccessToken}>
        <ClinicReviews
          clinicId={clinic.data.id}
          clinicName={clinic.data.fullName}
          reporter={status === 'anonymous' ? { signedIn: false, signInState } : { signedIn: true }}
        />
      </AccessTokenProvider>
    );
    const map =
      mapStyleUrl && clinic.data.position ? (
        <ClinicMapToggle styleUrl={mapStyleUrl} clinics={onMap} shows="clinic" />
      ) : undefined;
    return <ClinicProfile clinic={clinic.data} action={action} reviews={reviews} map={map} />;
  }
  if (unknown) return <NotFound />;
  if (clinic.isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <LoadError message={t('loadError')} onRetry={() => void clinic.refetch()} retrying={clinic.isFetching} />
      </div>
    );
  }
  return <ClinicProfileSkeleton />;
}
