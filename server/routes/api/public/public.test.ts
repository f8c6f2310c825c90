import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PublicCertificateSchema, PublicCertificateSearchResultSchema } from '../../../../contracts/certificates.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { clinicFacts, profiles } from '../../../db/schema/index.ts';
import { issueCertificate, suspendCertificates } from '../../../services/certificates.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

const SITE_URL = 'https://klinik.example';
const ORIGIN = 'https://annan-sajt.example';

/** Issue 22 point 7: the open verification API, for any site or app. */
describeEachEngine('the open verification API', { env: { SITE_URL } }, (t) => {
  /** A certified clinic with an organisation number, its certificate covering `treatments`. */
  async function clinicWithScope(
    fullName: string,
    {
      orgNumber,
      treatments = ['facial'],
      issuedAt = new Date(),
      isPublic = true,
    }: {
      orgNumber: string;
      treatments?: TreatmentId[];
      issuedAt?: Date;
      isPublic?: boolean;
    },
  ) {
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName, city: 'Umeå', isCertified: false, isPublic }]);
    await t.db
      .update(profiles)
      .set({ orgNumber, isCertified: true, applicationStatus: 'Godkänd', certifiedAt: issuedAt })
      .where(eq(profiles.id, clinicId));
    const number = await issueCertificate(t.db, clinicId, issuedAt, undefined, { treatments });
    return { clinicId, number };
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { origin: ORIGIN, ...headers } });

  it('gives a certificate as the verification page shows it, to any origin, cached a minute', async () => {
    const { clinicId, number } = await clinicWithScope('Öppna Kliniken', {
      orgNumber: '556677-8899',
      treatments: ['facial', 'botulinum_toxin'],
    });
    await t.db
      .update(clinicFacts)
      .set({ status: 'verified', checkedAt: new Date('2026-11-01T09:00:00Z') })
      .where(and(eq(clinicFacts.clinicId, clinicId), eq(clinicFacts.kind, 'org_number')));
    await t.db.insert(clinicFacts).values({
      clinicId,
      kind: 'liability_insurance',
      details: { insurer: 'Exempelförsäkringar AB', policyNumber: 'EXEMPEL-POLICY-9' },
      validUntil: '2099-03-31',
      status: 'unchecked',
    });

    const answer = await get(`/api/public/certificates/${number.toLowerCase()}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    const certificate = PublicCertificateSchema.parse(answer.json());
    expect(certificate).toMatchObject({
      number,
      status: 'active',
      clinic: { name: 'Öppna Kliniken', city: 'Umeå', orgNumber: '556677-8899' },
      treatments: [
        { id: 'facial', name: { sv: 'Ansiktsbehandling', en: 'Facial treatment' } },
        { id: 'botulinum_toxin', name: { sv: 'Injektioner med botulinumtoxin', en: 'Botulinum toxin injections' } },
      ],
      url: `${SITE_URL}/verifiera/${number}`,
      suspendedAt: null,
      withdrawnAt: null,
    });
    // Only what was verified; the unchecked insurance is not vouched for.
    expect(certificate.facts).toEqual([
      { kind: 'org_number', orgNumber: '556677-8899', legalForm: 'limited_company', checkedOn: '2026-11-01' },
    ]);
    expect(answer.body).not.toContain('EXEMPEL-POLICY-9');

    await suspendCertificates(t.db, clinicId, 'Försäkringen har löpt ut.', new Date(), null);
    expect(PublicCertificateSchema.parse((await get(`/api/public/certificates/${number}`)).json())).toMatchObject({
      status: 'suspended',
      suspensionReason: 'Försäkringen har löpt ut.',
    });

    const unknown = await get('/api/public/certificates/CK-2026-999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
  });

  it('finds certificates by organisation number however it is written, or by name, newest first, paged by cursor; hidden clinics are not searched', async () => {
    const older = await clinicWithScope('Sökbara Kliniken', {
      orgNumber: '556677-8899',
      issuedAt: new Date('2025-03-02T10:00:00Z'),
    });
    const newer = await issueCertificate(t.db, older.clinicId, new Date('2026-01-02T10:00:00Z'), '2026-01-02', {
      kind: 'renewed',
      treatments: ['facial', 'waxing'],
    });
    await clinicWithScope('Annan Klinik', { orgNumber: '212000-0142' });
    await clinicWithScope('Dolda Sökbara', { orgNumber: '556677-8899', isPublic: false });

    for (const written of ['556677-8899', '5566778899', '16556677-8899', ' 556677 8899 ']) {
      const answer = await get(`/api/public/certificates?orgNumber=${encodeURIComponent(written)}`);
      expect(answer.statusCode, written).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['cache-control']).toBe('public, max-age=60');
      const result = PublicCertificateSearchResultSchema.parse(answer.json());
      expect(result.items.map((item) => item.number)).toEqual([newer, older.number]);
      expect(result.nextCursor).toBeNull();
    }

    const first = PublicCertificateSearchResultSchema.parse(
      (await get('/api/public/certificates?name=sokbara&limit=1')).json(),
    );
    expect(first.items).toMatchObject([
      {
        number: newer,
        status: 'active',
        treatments: [{ id: 'facial' }, { id: 'waxing' }],
        url: `${SITE_URL}/verifiera/${newer}`,
      },
    ]);
    expect(first.nextCursor).not.toBeNull();
    const second = PublicCertificateSearchResultSchema.parse(
      (await get(`/api/public/certificates?name=sokbara&limit=1&cursor=${first.nextCursor}`)).json(),
    );
    // Last year's certificate reads expired, though nothing marked it.
    expect(second.items).toMatchObject([{ number: older.number, status: 'expired' }]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a search with neither or both, a bad organisation number, name or cursor: 400 naming it, in sv and en', async () => {
    const cases: [string, string, keyof typeof sv][] = [
      ['', 'orgNumber', 'publicSearchOneOf'],
      ['orgNumber=556677-8899&name=Klinik', 'orgNumber', 'publicSearchOneOf'],
      ['orgNumber=556677-8898', 'orgNumber', 'orgNumberInvalid'],
      [`orgNumber=${'5'.repeat(500)}`, 'orgNumber', 'orgNumberInvalid'],
      ['name=K', 'name', 'nameSearchTooShort'],
      ['name=Klinik&cursor=inte-en-markör', 'cursor', 'cursorInvalid'],
      ['name=Klinik&limit=0', 'limit', 'limitRange'],
    ];
    for (const [query, field, key] of cases) {
      for (const [language, messages] of [
        ['sv', sv],
        ['en', en],
      ] as const) {
        const answer = await get(`/api/public/certificates?${query}`, { 'accept-language': language });
        expect(answer.statusCode, query).toBe(400);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        const { error } = answer.json<{ error: { issues: { path: string[]; message: string }[] } }>();
        expect(error.issues[0], query).toEqual({ path: [field], message: messages[key] });
      }
    }
  });

  it('grants a preflight from any origin, for GET only', async () => {
    for (const url of ['/api/public/certificates', '/api/public/certificates/CK-2026-000001']) {
      const answer = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'accept-language',
        },
      });
      expect(answer.statusCode, url).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-allow-methods']).toBe('GET');
      expect(answer.headers['access-control-allow-headers']).toContain('accept-language');
    }
  });
});

describeEachEngine('the open verification API over its limit', { env: { PUBLIC_API_RATE_LIMIT: '3' } }, (t) => {
  it("answers 429 with when to try again, in the asker's language, still readable by any origin; other clients are not held back", async () => {
    const ask = (ip: string, language = 'sv') =>
      t.app.inject({
        url: '/api/public/certificates/CK-2026-000001',
        remoteAddress: ip,
        headers: { origin: ORIGIN, 'accept-language': language },
      });
    for (let request = 0; request < 3; request += 1) expect((await ask('203.0.113.7')).statusCode).toBe(404);
    const refused = await ask('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.json()).toEqual({ error: { code: 'too_many_requests', message: sv.tooManyRequests } });
    expect((await ask('203.0.113.7', 'en')).json().error.message).toBe(en.tooManyRequests);
    expect((await ask('198.51.100.4')).statusCode).toBe(404);
    // The limit is the open API's own: the site's own verification route is not counted.
    expect(
      (await t.app.inject({ url: '/api/certificates/CK-2026-000001', remoteAddress: '203.0.113.7' })).statusCode,
    ).toBe(404);
  });
});
