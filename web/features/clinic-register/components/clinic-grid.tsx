import { memo, type ReactNode } from 'react';
import type { ClinicCard as ClinicCardData, RegisterCard } from '../../../../contracts/clinics.ts';
import { ClinicCard, ClinicCardSkeleton } from './clinic-card.tsx';

// The cards a wide screen shows in its first row (three columns), whose covers are fetched at once.
const FIRST_SCREEN_CARDS = 3;

/**
 * What the app layer puts on a card (the follow button). It also gets the cards of the page the
 * card came with, so that whatever it shows for them can be asked for in one request.
 */
export type ClinicCardAction = (clinic: ClinicCardData, page: readonly ClinicCardData[]) => ReactNode;

/** What the app layer says on a card instead of "Certifierad" (a followed clinic that left the register); undefined: the badge. */
export type ClinicCardStatus = (clinic: ClinicCardData) => ReactNode;

/** What the register says after a card's town: how far the clinic is from the place searched near. */
export type ClinicCardDistance = (clinic: RegisterCard) => ReactNode;

/**
 * One list of clinic cards, page after page as they were loaded, then `placeholders` card shapes for a
 * page on its way. Memoized: typing in the register's search field re-renders the field, not the cards.
 */
export const ClinicGrid = memo(function ClinicGrid({
  pages,
  label,
  cardAction,
  cardStatus,
  cardDistance,
  placeholders = 0,
}: {
  pages: readonly (readonly RegisterCard[])[];
  label: string;
  cardAction?: ClinicCardAction;
  cardStatus?: ClinicCardStatus;
  cardDistance?: ClinicCardDistance;
  placeholders?: number;
}) {
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {pages.flatMap((page, pageIndex) =>
        page.map((clinic, index) => (
          <li key={clinic.id}>
            <ClinicCard
              clinic={clinic}
              action={cardAction?.(clinic, page)}
              status={cardStatus?.(clinic)}
              distance={cardDistance?.(clinic)}
              priority={pageIndex === 0 && index < FIRST_SCREEN_CARDS}
            />
          </li>
        )),
      )}
      {Array.from({ length: placeholders }, (_, index) => (
        <li key={`placeholder-${index}`} aria-hidden>
          <ClinicCardSkeleton />
        </li>
      ))}
    </ul>
  );
});
