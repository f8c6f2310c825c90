import type { ApplicationPhase } from '../../../../contracts/clinic-area.ts';

/** The phases with a certificate in force, which an admin may suspend (issue 22). */
export const isSuspendable = (phase: ApplicationPhase) =>
  phase === 'certified' || phase === 'renewal_open' || phase === 'renewal_sent';
