import { Fragment } from 'react';
import type { ClinicCardAction } from '../../../features/clinic-register/components/clinic-grid.tsx';
import { useFollowAction } from './follow-action.tsx';
import { useMessageAction } from './message-action.tsx';

/**
 * Puts several actions into the card's one slot, side by side at its end; undefined when none is
 * given, so that a card shows nothing new to whoever gets no action.
 */
export function combineCardActions(...actions: (ClinicCardAction | undefined)[]): ClinicCardAction | undefined {
  const given = actions.filter((action) => action !== undefined);
  if (given.length === 0) return undefined;
  return (clinic, page) => (
    <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
      {/* The same actions, in the same order, on every card: the position is a stable key. */}
      {given.map((action, position) => (
        <Fragment key={position}>{action(clinic, page)}</Fragment>
      ))}
    </div>
  );
}

/** The public clinic cards' actions (register, featured list): for a signed-in customer, write to the clinic and follow it. */
export function useClinicCardActions(): ClinicCardAction | undefined {
  return combineCardActions(useMessageAction(), useFollowAction());
}
