import { useTranslation } from 'react-i18next';
import type { Party } from '../../../../contracts/messages.ts';

export interface PartyLabel {
  name: string;
  /** The role of a person (Kund, Klinik, Admin) or a guest's email (said to be unconfirmed where it is); nothing for the team. */
  detail?: string;
}

/**
 * How a conversation's other party is named: a person with their role, the certification body's
 * support under `teamName` (the site's title), a guest with their email.
 */
export function usePartyLabel(teamName: string): (party: Party) => PartyLabel {
  const { t } = useTranslation('messages');
  return (party) => {
    switch (party.kind) {
      case 'user':
        return { name: party.fullName, detail: t(`party.roles.${party.role}`) };
      case 'team':
        return { name: t('party.team', { name: teamName }) };
      case 'guest':
        return {
          name: party.name,
          detail: party.unconfirmed ? t('party.unconfirmedGuest', { email: party.email }) : party.email,
        };
    }
  };
}
