import { HeartIcon, SearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClinicCard } from '../../../../contracts/clinics.ts';
import type { FollowedClinic } from '../../../../contracts/left-register.ts';
import { LeftRegisterStatus } from '../../../components/left-register-status.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useFollowedClinics } from '../api/get-followed-clinics.ts';
import { FollowToggle } from './follow-button.tsx';

/** The follow button of a card that is followed: there is no state to ask for. */
const followedAction = (clinic: ClinicCard) => <FollowToggle clinic={clinic} followed />;

/** What the app layer gets to draw the followed clinics' cards with. */
export interface FollowedCards {
  pages: FollowedClinic[][];
  /** The follow button of a card that is followed. */
  followAction: (clinic: ClinicCard) => ReactNode;
  /** Why a clinic that left the register is out of it, in place of "Certifierad"; undefined for the others. */
  cardStatus: (clinic: ClinicCard) => ReactNode;
}

/**
 * SPEC section 2 "Customer area", followed: the followed clinics, page after page ("show more"), or
 * an empty state leading to the register. The app layer draws the cards (`children`) with the button
 * and the status given to it; stopping to follow takes a card away. A clinic that left the register
 * stays, saying why and since when (issue 28 point 4), until the customer stops following it.
 */
export function FollowedClinics({ children }: { children: (cards: FollowedCards) => ReactNode }) {
  const { t } = useTranslation('follows');
  const followed = useFollowedClinics();

  if (!followed.data) {
    return followed.isError ? (
      <LoadError
        message={t('followed.loadError')}
        onRetry={() => void followed.refetch()}
        retrying={followed.isFetching}
      />
    ) : (
      <div aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <p role="status" className="sr-only">
          {t('followed.loading')}
        </p>
        {Array.from({ length: 3 }, (_, card) => (
          <Skeleton key={card} className="h-80 w-full rounded-lg" />
        ))}
      </div>
    );
  }

  const pages = followed.data.pages.map((page) => page.items);
  if (pages.every((page) => page.length === 0) && !followed.hasNextPage) {
    return (
      <section
        aria-labelledby="followed-empty-heading"
        className="flex flex-col items-center gap-4 rounded-lg border border-dashed bg-card p-10 text-center"
      >
        <HeartIcon className="size-10 rounded-full bg-secondary p-2 text-primary" aria-hidden />
        <div className="grid gap-1">
          <h2 id="followed-empty-heading" className="font-semibold">
            {t('followed.empty.title')}
          </h2>
          <p className="text-muted-foreground">{t('followed.empty.text')}</p>
        </div>
        <Button asChild>
          <Link to={paths.clinics}>
            <SearchIcon aria-hidden />
            {t('followed.empty.action')}
          </Link>
        </Button>
      </section>
    );
  }

  const left = new Map(pages.flat().map((clinic) => [clinic.id, clinic.leftRegister]));
  const cardStatus = (clinic: ClinicCard) => {
    const leftRegister = left.get(clinic.id);
    return leftRegister ? <LeftRegisterStatus leftRegister={leftRegister} /> : undefined;
  };
  return (
    <div className="grid gap-8">
      {children({ pages, followAction: followedAction, cardStatus })}
      {followed.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void followed.fetchNextPage()} pending={followed.isFetchingNextPage}>
            {followed.isFetchingNextPage ? t('followed.loadingMore') : t('followed.showMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
