import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApplicationInfoInput } from '../../contracts/clinic-area.ts';
import type { Database } from '../db/client.ts';
import { clinicDocuments, profiles } from '../db/schema/index.ts';
import { criteriaColumns } from '../services/clinic-area/reviewed-values.ts';

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

/**
 * Gives a clinic inserted directly (server/testing/test-app.ts insertClinics) what an approval checks
 * (issue 27): a complete application and one reviewed document row (no file: nothing reads it).
 */
export async function completeClinicDirectly(db: Database, clinicId: string): Promise<void> {
  const { criteria = {}, ...fields } = completeApplication('Klinik AB');
  await db
    .update(profiles)
    .set({ ...fields, ...criteriaColumns(criteria) })
    .where(eq(profiles.id, clinicId));
  await db.insert(clinicDocuments).values({
    clinicId,
    fileName: 'intyg.pdf',
    storagePath: `${clinicId}/${randomUUID()}-intyg.pdf`,
    contentType: 'application/pdf',
    sizeBytes: 1000,
  });
}
