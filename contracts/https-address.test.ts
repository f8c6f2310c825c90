// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AdminSiteContentSchema } from './admin.ts';
import { ClinicSettingsSchema, HttpsAddressSchema } from './clinic-area.ts';

// Issue 28: the clinic's booking page and the site's social profiles are addresses the site sends
// visitors on to, https only.

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('HttpsAddressSchema', () => {
  it.each([
    ['https://www.klinik.se/boka', 'https://www.klinik.se/boka'],
    ['  www.klinik.se/boka?tjanst=ansikte  ', 'https://www.klinik.se/boka?tjanst=ansikte'],
    ['HTTPS://Boka.Klinik.se', 'HTTPS://Boka.Klinik.se'],
  ])('takes %j as %j', (text, address) => {
    expect(HttpsAddressSchema.parse(text)).toBe(address);
  });

  it.each([
    'http://www.klinik.se/boka',
    'javascript:alert(1)',
    'ftp://klinik.se',
    'https://localhost/boka',
    'https://klinik.se@angripare.example',
    'boka hos oss',
  ])('refuses %j with the translated reason', (text) => {
    expect(messages(HttpsAddressSchema.safeParse(text))).toEqual(['validation:httpsAddressInvalid']);
  });

  it('refuses an address longer than a website may be', () => {
    expect(messages(HttpsAddressSchema.safeParse(`https://klinik.se/${'a'.repeat(500)}`))).toContain(
      'validation:websiteTooLong',
    );
  });
});

describe("the clinic's booking page in its settings", () => {
  it('is saved as an https address, and an empty field clears it', () => {
    expect(ClinicSettingsSchema.parse({ bookingUrl: 'boka.klinik.se' })).toEqual({
      bookingUrl: 'https://boka.klinik.se',
    });
    expect(ClinicSettingsSchema.parse({ bookingUrl: '  ' })).toEqual({ bookingUrl: null });
    expect(ClinicSettingsSchema.parse({ bookingUrl: null })).toEqual({ bookingUrl: null });
    expect(messages(ClinicSettingsSchema.safeParse({ bookingUrl: 'http://boka.klinik.se' }))).toEqual([
      'validation:httpsAddressInvalid',
    ]);
  });
});

describe("the footer's social profiles in the site settings", () => {
  const content = {
    siteTitle: 'Certifierad Klinik',
    heroTitle: { sv: 'Rubrik', en: 'Heading' },
    heroSubtitle: { sv: 'Underrubrik', en: 'Subheading' },
  };

  it('are https addresses or empty, and may be left out', () => {
    expect(
      AdminSiteContentSchema.parse({ ...content, socialLinks: { facebook: 'facebook.com/klinik', instagram: '' } })
        .socialLinks,
    ).toEqual({ facebook: 'https://facebook.com/klinik', instagram: null });
    expect(AdminSiteContentSchema.parse(content).socialLinks).toBeUndefined();
    const refused = AdminSiteContentSchema.safeParse({
      ...content,
      socialLinks: { facebook: 'http://facebook.com/klinik', instagram: null },
    });
    expect(refused.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['socialLinks', 'facebook'], message: 'validation:httpsAddressInvalid' },
    ]);
    expect(AdminSiteContentSchema.safeParse({ ...content, socialLinks: { facebook: null } }).success).toBe(false);
  });
});
