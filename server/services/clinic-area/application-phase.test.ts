import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicationPhase } from '../../../contracts/clinic-area.ts';
import { profiles } from '../../db/schema/index.ts';
import { describeEachEngine, insertClinics } from '../../testing/test-app.ts';
import { listApplications, listClinics } from '../admin/clinics.ts';
import { expireCertificates } from '../certificate-lifecycle.ts';
import { issueCertificate } from '../certificates.ts';
import { applicationPhase, type PhaseFacts } from './application-phase.ts';
import { getClinicOwnProfile } from './clinic-profile.ts';

/** Noon in Sweden on a day, so the Swedish date is the one written. */
const on = (day: string) => new Date(`${day}T11:00:00Z`);

/** A clinic that registered and never sent anything in. */
const registered: PhaseFacts = {
  applicationStatus: 'Väntar',
  applicationSubmittedAt: null,
  renewalSubmittedAt: null,
  certifiedAt: null,
  certificateValidTo: null,
  hasNextCertificate: false,
  isSuspended: false,
};
/** Certified on 2 March 2026, its certificate valid to 31 December. */
const certified: PhaseFacts = {
  ...registered,
  applicationStatus: 'Godkänd',
  applicationSubmittedAt: on('2026-02-20'),
  certifiedAt: on('2026-03-02'),
  certificateValidTo: '2026-12-31',
};

describe('applicationPhase', () => {
  it.each<[string, PhaseFacts, Date, ApplicationPhase]>([
    ['registered', registered, on('2026-02-01'), 'draft'],
    ['sent in', { ...registered, applicationSubmittedAt: on('2026-02-20') }, on('2026-02-21'), 'sent_in'],
    [
      'denied after sending in',
      { ...registered, applicationStatus: 'Nekad', applicationSubmittedAt: on('2026-02-20') },
      on('2026-02-22'),
      'denied',
    ],
    ['certified before 1 November', certified, on('2026-10-31'), 'certified'],
    ['certified on 1 November', certified, on('2026-11-01'), 'renewal_open'],
    [
      'suspended, its certificate not in force',
      { ...certified, certificateValidTo: null, isSuspended: true },
      on('2026-06-01'),
      'suspended',
    ],
    [
      'certified with next year’s certificate issued',
      { ...certified, hasNextCertificate: true },
      on('2026-11-20'),
      'certified',
    ],
    ['renewal sent in', { ...certified, renewalSubmittedAt: on('2026-11-05') }, on('2026-11-06'), 'renewal_sent'],
    [
      'withdrawn (Nekad, "sent in" cleared)',
      { ...certified, applicationStatus: 'Nekad', applicationSubmittedAt: null, certificateValidTo: null },
      on('2026-06-01'),
      'withdrawn',
    ],
    [
      'withdrawn, sent in again and denied',
      { ...certified, applicationStatus: 'Nekad', certificateValidTo: null },
      on('2026-07-01'),
      'denied',
    ],
    [
      'past the last day, before the hourly run',
      { ...certified, certificateValidTo: null },
      on('2027-01-01'),
      'expired',
    ],
    [
      'past the last day, after the hourly run',
      { ...certified, applicationStatus: 'Väntar', applicationSubmittedAt: null, certificateValidTo: null },
      on('2027-01-01'),
      'expired',
    ],
    [
      'past the last day with a renewal waiting, before the hourly run',
      { ...certified, renewalSubmittedAt: on('2026-12-30'), certificateValidTo: null },
      on('2027-01-01'),
      'sent_in',
    ],
  ])('%s: %s', (_case, facts, now, phase) => {
    expect(applicationPhase(facts, now)).toBe(phase);
  });

  it('opens renewal at midnight in Sweden, not in UTC', () => {
    // 23:30 UTC on 31 October is 00:30 on 1 November in Stockholm (CET, UTC+1).
    expect(applicationPhase(certified, new Date('2026-10-31T22:30:00Z'))).toBe('certified');
    expect(applicationPhase(certified, new Date('2026-10-31T23:30:00Z'))).toBe('renewal_open');
  });
});

describeEachEngine('the phase over a certified year', {}, (t) => {
  /** The phase the clinic's own profile and both admin lists answer at `now`; one, or the test fails. */
  async function phaseOn(clinicId: string, now: Date): Promise<ApplicationPhase | undefined> {
    const own = (await getClinicOwnProfile(t.db, clinicId, now))?.phase;
    const paging = { page: 1, pageSize: 100 };
    const clinics = await listClinics(t.db, { search: '', sort: 'name', order: 'asc', ...paging }, now);
    expect(clinics.items.find((row) => row.id === clinicId)?.phase).toBe(own);
    const application = (await listApplications(t.db, paging, now)).items.find((row) => row.id === clinicId);
    if (application) expect(application.phase).toBe(own);
    return own;
  }

  it('is draft, sent in, certified, renewal open and sent, then expired on the day after the last day', async () => {
    const [clinicId = '', lapsingId = ''] = await insertClinics(t.db, [
      { fullName: 'Fasklinik', isCertified: false },
      { fullName: 'Förfallen klinik', isCertified: false },
    ]);
    expect(await phaseOn(clinicId, on('2026-02-01'))).toBe('draft');

    await t.db
      .update(profiles)
      .set({ applicationSubmittedAt: on('2026-02-20') })
      .where(eq(profiles.id, clinicId));
    expect(await phaseOn(clinicId, on('2026-02-21'))).toBe('sent_in');

    for (const id of [clinicId, lapsingId]) {
      await t.db
        .update(profiles)
        .set({ applicationStatus: 'Godkänd', isCertified: true, certifiedAt: on('2026-03-02') })
        .where(eq(profiles.id, id));
      await issueCertificate(t.db, id, on('2026-03-02'));
    }
    expect(await phaseOn(clinicId, on('2026-10-31'))).toBe('certified');
    expect(await phaseOn(clinicId, on('2026-11-01'))).toBe('renewal_open');

    await t.db
      .update(profiles)
      .set({ renewalSubmittedAt: on('2026-11-05') })
      .where(eq(profiles.id, clinicId));
    expect(await phaseOn(clinicId, on('2026-12-31'))).toBe('renewal_sent');
    expect(await phaseOn(lapsingId, on('2026-12-31'))).toBe('renewal_open');

    // The day after the last day: the same phase before and after the hourly run marks the certificate.
    expect(await phaseOn(clinicId, on('2027-01-01'))).toBe('sent_in');
    expect(await phaseOn(lapsingId, on('2027-01-01'))).toBe('expired');
    await expireCertificates(t.db, on('2027-01-01'));
    expect(await phaseOn(clinicId, on('2027-01-01'))).toBe('sent_in');
    expect(await phaseOn(lapsingId, on('2027-01-01'))).toBe('expired');
  });
});
