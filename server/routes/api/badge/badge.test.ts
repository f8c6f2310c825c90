import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { BadgeSchema } from '../../../../contracts/certificates.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { certificates, profiles } from '../../../db/schema/index.ts';
import {
  dateInSweden,
  issueCertificate,
  reinstateCertificates,
  suspendCertificates,
} from '../../../services/certificates.ts';
import { certificateNumberOf, describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

const webRoot = mkdtempSync(path.join(tmpdir(), 'ck-web-'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Certifierad Klinik</title>');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describeEachEngine('the badge', { webRoot }, (t) => {
  const badgeOf = (id: string, language = 'sv') =>
    t.app.inject({ url: `/api/badge/${encodeURIComponent(id)}`, headers: { 'accept-language': language } });

  it('shows a certified, public clinic with its certificate, and stops when it is hidden, withdrawn or lapsed', async () => {
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Badgekliniken' }]);
    const number = await certificateNumberOf(t.db, clinicId);
    const shown = await badgeOf(clinicId);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=60');
    expect(BadgeSchema.parse(shown.json())).toEqual({
      clinicId,
      fullName: 'Badgekliniken',
      year: Number(number.slice(3, 7)),
      certificateNumber: number,
      status: 'active',
      suspendedAt: null,
      treatments: [],
    });

    // Hidden by its own choice: said as such, not as "not actively certified" (issue 28), on the API and the page.
    await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, clinicId));
    expect((await badgeOf(clinicId)).json().error).toEqual({ code: 'not_public', message: sv.badgeNotPublic });
    expect((await badgeOf(clinicId, 'en')).json().error).toEqual({ code: 'not_public', message: en.badgeNotPublic });
    const hiddenPage = await t.app.inject({ url: `/badge?id=${clinicId}` });
    expect(hiddenPage.statusCode).toBe(404);
    expect(hiddenPage.body).toContain('Kliniken har valt att inte visas i klinikregistret.');
    expect(hiddenPage.body).not.toContain('inte aktivt certifierad');
    await t.db.update(profiles).set({ isPublic: true }).where(eq(profiles.id, clinicId));
    expect((await badgeOf(clinicId)).statusCode).toBe(200);

    await t.db.update(certificates).set({ validTo: '2020-12-31' }).where(eq(certificates.clinicId, clinicId));
    expect((await badgeOf(clinicId, 'en')).json().error).toEqual({
      code: 'not_certified',
      message: en.badgeNotCertified,
    });
    await t.db
      .update(certificates)
      .set({ validTo: '2999-12-31', status: 'withdrawn' })
      .where(eq(certificates.clinicId, clinicId));
    expect((await badgeOf(clinicId)).statusCode).toBe(404);
  });

  it('says a clinic without a certificate is not certified, and anything else is not found, never a 500', async () => {
    const [uncertified = ''] = await insertClinics(t.db, [{ fullName: 'Ocertifierad', isCertified: false }]);
    expect((await badgeOf(uncertified)).json().error.code).toBe('not_certified');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'inte-ett-id', "1' OR '1'='1", 'x'.repeat(10_000)]) {
      const answer = await badgeOf(id);
      expect(answer.statusCode, id.slice(0, 20)).toBe(404);
      if (answer.headers['content-type']?.includes('json'))
        expect(answer.json().error.message).toMatch(new RegExp(`${sv.badgeClinicNotFound}|${sv.notFound}`));
    }
  });

  it("is a small page of its own, without the app, linking to the verification page; SPEC's messages otherwise", async () => {
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Badge & <Kliniken>' }]);
    const number = await certificateNumberOf(t.db, clinicId);
    const page = await t.app.inject({ url: `/badge?id=${clinicId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    expect(page.body).not.toContain('<script');
    expect(Buffer.byteLength(page.body)).toBeLessThan(50 * 1024);
    expect(page.body).toContain(`href="/verifiera/${number}" target="_blank" rel="noopener"`);
    expect(page.body).toContain('Badge &#38; &#60;Kliniken&#62;');
    expect(page.body).toContain(`<span class="year">${number.slice(3, 7)}</span>`);
    expect((await t.app.inject({ url: `/badge?id=${clinicId}&lng=en` })).body).toContain('Certified treatment');

    expect((await t.app.inject({ url: '/badge' })).body).toContain('<p>Inget klinik-ID angivet.</p>');
    expect((await t.app.inject({ url: `/badge?id=${'x'.repeat(10_000)}` })).body).toContain(
      '<p>Kunde inte hitta kliniken.</p>',
    );
    await t.db.update(certificates).set({ status: 'withdrawn' }).where(eq(certificates.clinicId, clinicId));
    const withdrawn = await t.app.inject({ url: `/badge?id=${clinicId}` });
    expect(withdrawn.statusCode).toBe(404);
    expect(withdrawn.body).toContain('<p>Denna klinik är inte aktivt certifierad.</p>');
  });

  it("puts a name with replacement patterns ($', $&, $1, $$, {{number}}) into the badge's label as it is written", async () => {
    const fullName = "Klinik $' $& $` $1 $$ {{number}}";
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName }]);
    const number = await certificateNumberOf(t.db, clinicId);
    const page = (await t.app.inject({ url: `/badge?id=${clinicId}` })).body;
    const label = /aria-label="([^"]*)"/
      .exec(page)?.[1]
      ?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(label).toBe(`${fullName}: verifiera certifikat ${number} (öppnas i en ny flik)`);
    expect(page).toContain('<span class="name">Klinik $&#39; $&#38; $` $1 $$ {{number}}</span>');
  });

  it('is the one page other sites may frame', async () => {
    const badge = await t.app.inject({ url: '/badge?id=x' });
    expect(badge.statusCode).toBe(404);
    expect(badge.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(badge.headers['x-frame-options']).toBeUndefined();
    const other = await t.app.inject({ url: '/kliniker' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(other.headers['x-frame-options']).toBe('DENY');
  });

  /** A clinic of the register whose certificate covers `treatments`. */
  async function clinicWithScope(fullName: string, treatments: TreatmentId[]) {
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName, isCertified: false }]);
    await t.db
      .update(profiles)
      .set({ isCertified: true, applicationStatus: 'Godkänd' })
      .where(eq(profiles.id, clinicId));
    const number = await issueCertificate(t.db, clinicId, new Date(), undefined, { treatments });
    return { clinicId, number };
  }

  it("carries the scope, by short names on the page in the visitor's language", async () => {
    const { clinicId } = await clinicWithScope('Omfångsbadge', ['facial', 'fillers']);
    expect(BadgeSchema.parse((await badgeOf(clinicId)).json()).treatments).toEqual(['facial', 'fillers']);
    expect((await t.app.inject({ url: `/badge?id=${clinicId}` })).body).toContain(
      '<span class="scope" title="Ansiktsbehandling, Injektioner med fillers">Omfattar: Ansiktsbehandling, Injektioner med fillers</span>',
    );
    expect((await t.app.inject({ url: `/badge?id=${clinicId}&lng=en` })).body).toContain(
      'Covers: Facial treatment, Filler injections',
    );
  });

  it('says a suspended certificate is suspended, with the date, never the green badge; reinstated it is green again', async () => {
    const { clinicId, number } = await clinicWithScope('Indragna Badgen', ['facial']);
    const suspendedAt = new Date(Date.now() - 60_000);
    await suspendCertificates(t.db, clinicId, 'Försäkringen har löpt ut.', suspendedAt, null);

    const answer = await badgeOf(clinicId);
    expect(answer.statusCode).toBe(200);
    expect(BadgeSchema.parse(answer.json())).toMatchObject({
      status: 'suspended',
      suspendedAt: suspendedAt.toISOString(),
      certificateNumber: number,
    });
    const day = dateInSweden(suspendedAt);
    const page = await t.app.inject({ url: `/badge?id=${clinicId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<span class="badge suspended">');
    expect(page.body).toContain('<span class="label">Tillfälligt indraget</span>');
    expect(page.body).toContain(`Certifikatet är tillfälligt indraget sedan ${day}`);
    expect(page.body).toContain(`href="/verifiera/${number}"`);
    expect(page.body).not.toContain('Certifierad behandling');
    expect(page.body).not.toContain('class="year"');
    expect((await t.app.inject({ url: `/badge?id=${clinicId}&lng=en` })).body).toContain(
      `The certificate is suspended since ${day}`,
    );

    // A hidden clinic shows no badge, suspended or not.
    await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, clinicId));
    expect((await badgeOf(clinicId)).json().error.code).toBe('not_public');
    await t.db.update(profiles).set({ isPublic: true }).where(eq(profiles.id, clinicId));

    await reinstateCertificates(t.db, clinicId, new Date(), null);
    expect(BadgeSchema.parse((await badgeOf(clinicId)).json()).status).toBe('active');
    expect((await t.app.inject({ url: `/badge?id=${clinicId}` })).body).toContain('Certifierad behandling');
  });
});
