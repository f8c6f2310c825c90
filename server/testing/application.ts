import type { ApplicationInfoInput } from '../../contracts/clinic-area.ts';

/**
 * Everything an application needs before it can be sent in (PATCH /api/clinic/application), for a
 * company named `companyName`: the tests and end-to-end fixtures that only need a complete one.
 */
export function completeApplication(companyName: string): ApplicationInfoInput {
  return {
    companyName,
    orgNumber: '556677-8899',
    website: 'https://klinik.example',
    address: 'Storgatan 1, 222 22 Lund',
    contactPerson: 'Åsa Öberg',
    contactEmail: 'asa@klinik.example',
    criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true },
  };
}
