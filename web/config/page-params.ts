import { paths } from './paths.ts';

// Addresses whose query chooses what a page opens with (issue 28). Beside paths.ts, which the landing
// page loads at once: only lazily loaded pages use these, so they stay out of its budget (build/budgets.ts).

/**
 * "Kontakta support": a messages page with this in its address opens the reader's conversation with
 * the support team, or the dialog that starts it.
 */
export const SUPPORT_PARAM = 'support';

/** The support conversation on the messages page of a customer or a clinic. */
export function supportConversationHref(role: 'customer' | 'clinic'): string {
  return `${role === 'clinic' ? paths.clinicMessages : paths.customerMessages}?${SUPPORT_PARAM}`;
}

/** Registration with the account type chosen: `/register?role=clinic` ("Starta ansökan"). */
export const REGISTER_ROLE_PARAM = 'role';
export const registerClinicHref = `${paths.register}?${REGISTER_ROLE_PARAM}=clinic`;
