import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { auditLog, certificateEvents, certificates, clinicFacts, profiles } from '../db/schema/index.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';
import { signUpAs } from '../testing/auth-client.ts';
import { describeEachEngine } from '../testing/test-app.ts';
import { runCertificateLifecycle } from './certificate-lifecycle.ts';
import { issueCertificate } from './certificates.ts';
import { INSURANCE_LAPSED_REASON, sendInsuranceReminders, suspendForLapsedInsurance } from './insurance-lifecycle.ts';
import { listedProfiles } from './listed.ts';

/** Noon in Sweden on a day, so the Swedish date is the one written. */
const on = (day: string) => new Date(`${day}T10:00:00Z`);
const SITE = 'https://certifieradklinik.example';

function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

interface Insurance {
  validUntil: string;
  status?: 'verified' | 'unchecked' | 'rejected';
}

describeEachEngine('liability insurance lifecycle', {}, (t) => {
  /** A public clinic certified on 2026-01-10, with its stated insurances. */
  async function insuredClinic(fullName: string, insurances: Insurance[]) {
    const clinic = await signUpAs(t.app, 'clinic', fullName);
    await t.db
      .update(profiles)
      .set({ isPublic: true, isCertified: true, applicationStatus: 'Godkänd', certifiedAt: on('2026-01-10') })
      .where(eq(profiles.id, clinic.id));
    for (const [index, { validUntil, status = 'verified' }] of insurances.entries())
      await t.db.insert(clinicFacts).values({
        clinicId: clinic.id,
        kind: 'liability_insurance',
        details: { insurer: `Försäkring ${index + 1} AB`, policyNumber: `EXEMPEL-${index + 1}` },
        validUntil,
        status,
        checkedAt: status === 'unchecked' ? null : on('2026-01-09'),
      });
    const number = await issueCertificate(t.db, clinic.id, on('2026-01-10'), undefined, { treatments: ['facial'] });
    return { ...clinic, number };
  }
  const listedOn = async (day: string) =>
    (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM ${listedProfiles(day)}`)).map((row) => row.id);
  const statusOf = async (clinicId: string) =>
    (await t.db.select().from(certificates).where(eq(certificates.clinicId, clinicId))).map((row) => row.status);

  it('reminds the clinic 30 and 7 days before its latest verified insurance runs out, each once, in Swedish and English', async () => {
    const mailer = capturingMailer();
    const lapsing = await insuredClinic('Försäkrade Kliniken', [{ validUntil: '2026-06-30' }]);
    // A newer insurance verified: nothing runs out. A newer one only stated: the verified one still counts.
    await insuredClinic('Förnyade Försäkringen', [{ validUntil: '2026-06-30' }, { validUntil: '2027-06-30' }]);
    const stated = await insuredClinic('Ej kontrollerad', [
      { validUntil: '2026-06-30' },
      { validUntil: '2027-06-30', status: 'unchecked' },
    ]);
    const name = (clinicId: string) => ({ [lapsing.id]: 'lapsing', [stated.id]: 'stated' })[clinicId];

    const days = [
      '2026-05-30',
      '2026-05-31',
      '2026-05-31',
      '2026-06-15',
      '2026-06-23',
      '2026-06-24',
      '2026-06-30',
      '2026-07-01',
    ];
    const runs = [];
    for (const day of days) runs.push(await sendInsuranceReminders(t.db, mailer, SITE, on(day)));
    expect(runs.map((run) => run.map((sent) => `${name(sent.clinicId)}:${sent.daysBefore}`).sort())).toEqual([
      [],
      ['lapsing:30', 'stated:30'],
      [],
      [],
      ['lapsing:7', 'stated:7'],
      [],
      [],
      [],
    ]);
    expect(mailer.sent).toHaveLength(4);
    const [first] = mailer.sent;
    expect(first?.to).toBe(lapsing.email);
    expect(first?.subject).toBe(
      'Ansvarsförsäkringen går ut om 30 dagar / Your liability insurance runs out – Certifierad Klinik',
    );
    expect(first?.text).toContain(
      'Er ansvarsförsäkring hos Försäkring 1 AB gäller till och med 2026-06-30, om 30 dagar.',
    );
    expect(first?.text).toContain(
      'Your liability insurance with Försäkring 1 AB is valid until 2026-06-30, in 30 days.',
    );
    expect(first?.text).toContain(`${SITE}/clinic-dashboard`);
  });

  it('two processes reminding at once send one email; a failed send is tried again on the next run', async () => {
    const clinic = await insuredClinic('Samtidiga Kliniken', [{ validUntil: '2026-06-30' }]);
    const mailer = capturingMailer();
    const failing: Mailer = {
      async send() {
        throw new Error('SMTP down');
      },
    };
    await expect(sendInsuranceReminders(t.db, failing, SITE, on('2026-06-01'))).rejects.toThrow('SMTP down');
    const runs = await Promise.all([
      sendInsuranceReminders(t.db, mailer, SITE, on('2026-06-01')),
      sendInsuranceReminders(t.db, mailer, SITE, on('2026-06-01')),
    ]);
    expect(runs.flat()).toEqual([{ clinicId: clinic.id, validUntil: '2026-06-30', daysBefore: 30 }]);
    expect(mailer.sent.map((message) => message.to)).toEqual([clinic.email]);
  });

  it('suspends the certificate on the 15th day after the insurance ran out, not the 14th: out of the register, with the event and an audit entry by the job', async () => {
    const lapsed = await insuredClinic('Oförsäkrade Kliniken', [{ validUntil: '2026-06-30' }]);
    const renewed = await insuredClinic('Nyförsäkrade Kliniken', [
      { validUntil: '2026-06-30' },
      { validUntil: '2027-06-30' },
    ]);
    const onlyStated = await insuredClinic('Bara angiven', [
      { validUntil: '2026-06-30' },
      { validUntil: '2027-06-30', status: 'rejected' },
    ]);
    // No insurance was ever verified (a certificate from before facts were checked): no lapse to count from.
    const neverChecked = await insuredClinic('Äldre Kliniken', [{ validUntil: '2026-06-30', status: 'unchecked' }]);

    expect(await suspendForLapsedInsurance(t.db, on('2026-07-14'))).toEqual([]);
    expect(await listedOn('2026-07-14')).toEqual(expect.arrayContaining([lapsed.id, onlyStated.id]));

    const mailer = capturingMailer();
    const delivery = { mailer, bus: t.app.messageBus, siteUrl: SITE };
    const runs = await Promise.all([
      runCertificateLifecycle(t.db, delivery, on('2026-07-15')),
      runCertificateLifecycle(t.db, delivery, on('2026-07-15')),
    ]);
    const suspended = runs.flatMap((run) => run.suspendedForInsurance);
    expect(suspended.sort((a, b) => a.clinicId.localeCompare(b.clinicId))).toEqual(
      [lapsed, onlyStated]
        .map((clinic) => ({
          clinicId: clinic.id,
          certificateNumbers: [clinic.number],
          insuranceValidUntil: '2026-06-30',
        }))
        .sort((a, b) => a.clinicId.localeCompare(b.clinicId)),
    );
    expect(await statusOf(lapsed.id)).toEqual(['suspended']);
    expect(await statusOf(renewed.id)).toEqual(['active']);
    expect(await statusOf(neverChecked.id)).toEqual(['active']);
    const [certificate] = await t.db.select().from(certificates).where(eq(certificates.clinicId, lapsed.id));
    expect(certificate).toMatchObject({ suspensionReason: INSURANCE_LAPSED_REASON, suspendedAt: on('2026-07-15') });

    const listed = await listedOn('2026-07-15');
    expect(listed).not.toContain(lapsed.id);
    expect(listed).not.toContain(onlyStated.id);
    expect(listed).toEqual(expect.arrayContaining([renewed.id, neverChecked.id]));

    const events = await t.db
      .select()
      .from(certificateEvents)
      .where(and(eq(certificateEvents.clinicId, lapsed.id), eq(certificateEvents.kind, 'suspended')));
    expect(events).toEqual([
      expect.objectContaining({ reason: INSURANCE_LAPSED_REASON, actorId: null, occurredAt: on('2026-07-15') }),
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, lapsed.id), eq(auditLog.action, 'certificate.suspended_automatically')));
    expect(audits).toEqual([
      expect.objectContaining({
        actorId: null,
        details: { certificateNumbers: [lapsed.number], insuranceValidUntil: '2026-06-30' },
        createdAt: on('2026-07-15'),
      }),
    ]);

    // Later runs find nothing active to suspend.
    expect(await suspendForLapsedInsurance(t.db, on('2026-07-16'))).toEqual([]);
    expect(await t.db.select().from(certificateEvents).where(eq(certificateEvents.kind, 'suspended'))).toHaveLength(2);
  });
});
