import type { ApplicationInfoInput } from '../clinic-area.ts';

/**
 * Test data only, never imported by the app: everything an application needs before it can be sent in
 * (PATCH /api/clinic/application), written once for the server's tests, the end-to-end fixtures and the
 * web's profile fixtures (contracts/ is the one place all three may import).
 */
export const COMPLETE_APPLICATION = {
  companyName: 'Ljusglimt AB',
  orgNumber: '556677-8899',
  website: 'https://ljusglimt.example',
  address: 'Storgatan 1, 111 22 Stockholm',
  city: 'Stockholm',
  contactPerson: 'Åsa Öberg',
  contactEmail: 'asa@ljusglimt.example',
  treatments: ['facial'],
  criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true },
} satisfies ApplicationInfoInput;
