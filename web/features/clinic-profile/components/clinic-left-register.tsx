import { ArrowRightIcon, MapPinIcon, SearchIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClinicLeftRegister as ClinicLeftRegisterData } from '../../../../contracts/left-register.ts';
import { LeftRegisterStatus } from '../../../components/left-register-status.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths, verificationHref } from '../../../config/paths.ts';

/**
 * `/kliniker/{slug}` of a clinic that left the register (issue 28 point 4): its name, why and since
 * when, and the way to its certificate's verification page and history. Not its profile: contact
 * details and reviews under a name that is no longer certified would read as if it still were.
 */
export function ClinicLeftRegister({ clinic }: { clinic: ClinicLeftRegisterData }) {
  const { t } = useTranslation('clinicProfile');
  const statusId = useId();
  const { leftRegister } = clinic;
  return (
    <article className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{clinic.fullName}</h1>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPinIcon className="size-4" aria-hidden />
          {clinic.city ?? t('unknownCity')}
        </p>
      </div>
      <section aria-labelledby={statusId} className="grid gap-4 rounded-lg border bg-card p-5 shadow-sm sm:p-6">
        <h2 id={statusId} className="text-xl font-semibold">
          {t('leftRegister.title')}
        </h2>
        {/* The news of the page: larger than on a followed clinic's card. */}
        <LeftRegisterStatus leftRegister={leftRegister} className="[&_p]:text-base [&_p]:font-medium" />
        <p className="text-muted-foreground">
          {t(
            leftRegister.status === 'suspended'
              ? 'leftRegister.explanation.suspended'
              : 'leftRegister.explanation.left',
          )}
        </p>
        <Link
          to={verificationHref(leftRegister.certificateNumber)}
          className="inline-flex w-fit items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('leftRegister.verify', { number: leftRegister.certificateNumber })}
          <ArrowRightIcon className="size-4" aria-hidden />
        </Link>
      </section>
      <Button asChild variant="outline" className="w-fit">
        <Link to={paths.clinics}>
          <SearchIcon aria-hidden />
          {t('leftRegister.register')}
        </Link>
      </Button>
    </article>
  );
}
