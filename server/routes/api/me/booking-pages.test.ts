import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { BookingPagesSchema } from '../../../../contracts/customer-area.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { profiles } from '../../../db/schema/index.ts';
import { bearer, signUpAs } from '../../../testing/auth-client.ts';
import { certifyClinic, describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

// Issue 28, "Boka en behandling": the clinic gives its own booking page in its settings; its public page
// and its followers' bookings page lead there, and nothing is shown for a clinic without one.

describeEachEngine("a clinic's booking page", {}, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const saveSettings = (token: string, payload: Record<string, unknown>, language = 'sv') =>
    call(token, { method: 'PATCH', url: '/api/clinic/settings', payload, headers: { 'accept-language': language } });

  it('is saved as an https address, shown on its public page, and cleared by an empty field', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Bokningsbara Kliniken');
    await certifyClinic(t.db, clinic.id);

    const saved = await saveSettings(clinic.token, { bookingUrl: ' boka.bokningsbara.example/tider ' });
    expect(saved.statusCode).toBe(200);
    const profile = saved.json<ClinicOwnProfile>();
    expect(profile.bookingUrl).toBe('https://boka.bokningsbara.example/tider');
    // The overview's "Visa publik sida" leads to the clinic's own page by this.
    expect(profile.slug).toBeTruthy();
    const page = await call(null, { url: `/api/clinics/by-slug/${profile.slug}` });
    expect(page.json()).toMatchObject({ fullName: 'Bokningsbara Kliniken', bookingUrl: profile.bookingUrl });

    expect((await saveSettings(clinic.token, { bookingUrl: '' })).json()).toMatchObject({ bookingUrl: null });
    expect((await call(null, { url: `/api/clinics/by-slug/${profile.slug}` })).json()).toMatchObject({
      bookingUrl: null,
    });
  });

  it.each([
    ['sv', 'http://boka.klinik.example', sv.httpsAddressInvalid],
    ['en', 'javascript:alert(1)', en.httpsAddressInvalid],
    ['sv', `https://klinik.example/${'a'.repeat(500)}`, sv.websiteTooLong],
  ])(
    'refuses a booking page that is not an https address (%s: %s) with the reason, changing nothing',
    async (language, bookingUrl, message) => {
      const clinic = await signUpAs(t.app, 'clinic');
      expect((await saveSettings(clinic.token, { bookingUrl: 'https://boka.klinik.example' })).statusCode).toBe(200);
      const refused = await saveSettings(clinic.token, { bookingUrl }, language);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'invalid_request',
        issues: [{ path: ['bookingUrl'], message }],
      });
      const profile = (await call(clinic.token, { url: '/api/clinic/profile' })).json<ClinicOwnProfile>();
      expect(profile.bookingUrl).toBe('https://boka.klinik.example');
    },
  );

  it("lists the followed register clinics with a booking page on the customer's bookings page", async () => {
    const [withPage, withoutPage, notFollowed] = await insertClinics(t.db, [
      { fullName: 'Följd med bokning', city: 'Lund' },
      { fullName: 'Följd utan bokning' },
      { fullName: 'Inte följd' },
    ]);
    const hidden = await signUpAs(t.app, 'clinic', 'Dold med bokning');
    await certifyClinic(t.db, hidden.id);
    const customer = await signUpAs(t.app, 'customer');
    const other = await signUpAs(t.app, 'customer');
    for (const id of [withPage, notFollowed, hidden.id])
      if (id)
        await t.db
          .update(profiles)
          .set({ bookingUrl: `https://${id}.example/boka` })
          .where(eq(profiles.id, id));
    for (const id of [withPage, withoutPage, hidden.id])
      expect((await call(customer.token, { method: 'PUT', url: `/api/me/follows/${id}` })).statusCode).toBe(204);
    // A clinic that leaves the register leaves the list too.
    const hiding = { method: 'PUT', url: '/api/clinic/visibility', payload: { isPublic: false } } as const;
    expect((await call(hidden.token, hiding)).statusCode).toBe(200);

    const pages = BookingPagesSchema.parse((await call(customer.token, { url: '/api/me/booking-pages' })).json());
    expect(pages.items).toEqual([
      {
        id: withPage,
        slug: expect.any(String),
        fullName: 'Följd med bokning',
        city: 'Lund',
        bookingUrl: `https://${withPage}.example/boka`,
      },
    ]);
    expect((await call(other.token, { url: '/api/me/booking-pages' })).json()).toEqual({ items: [] });
  });
});
