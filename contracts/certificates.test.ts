import { describe, expect, it } from 'vitest';
import { normalizeCertificateNumber } from './certificates.ts';

describe('normalizeCertificateNumber', () => {
  it.each([
    ['CK-2026-000123', 'CK-2026-000123'],
    ['ck2026000123', 'CK-2026-000123'],
    [' ck 2026 000123 ', 'CK-2026-000123'],
    ['Ck-2026000123', 'CK-2026-000123'],
    ['ck2026', 'CK-2026'],
    ['ck-20', 'CK-20'],
    ['Klara Hudmottagning', 'KLARA HUDMOTTAGNING'],
    ['CK-2026-0001234', 'CK-2026-0001234'],
  ])('reads %j as %j', (typed, read) => {
    expect(normalizeCertificateNumber(typed)).toBe(read);
  });
});
