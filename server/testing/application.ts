import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApplicationInfoInput } from '../../contracts/clinic-area.ts';
import { COMPLETE_APPLICATION } from '../../contracts/testing/complete-application.ts';
import type { Database } from '../db/client.ts';
import { clinicDocuments, profiles } from '../db/schema/index.ts';
import { criteriaColumns } from '../services/clinic-area/reviewed-values.ts';

/**
 * The complete application (contracts/testing/complete-application.ts) for a company named
 * `companyName`: clinics of one test each need a name of their own.
 */
export function completeApplication(companyName: string): ApplicationInfoInput {
  return { ...COMPLETE_APPLICATION, companyName };
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
