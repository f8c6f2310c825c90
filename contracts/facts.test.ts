import { describe, expect, it } from 'vitest';
import { type FactStanding, legalFormOf, missingFacts, TreatmentsSchema } from './facts.ts';

describe('legalFormOf', () => {
  it.each([
    ['a limited company (5…, third digit 2 or more)', '556677-8899', 'limited_company'],
    ["a sole trader's personal identity number (month 12)", '811218-9876', 'sole_trader'],
    ['a sole trader born in the 1970s, whose number starts with 7 but has a month', '710304-1234', 'sole_trader'],
    ['an economic association (7…)', '769600-1234', 'economic_association'],
    ['a non-profit association or foundation (8…)', '802000-1234', 'non_profit'],
    ['a trading partnership (9…)', '916000-1234', 'trading_partnership'],
    ['an estate (1…)', '193000-1234', 'estate'],
    ['a public body (2…)', '212000-1234', 'public_body'],
    ['a number of a group nobody gives out (4…)', '442000-1234', 'unknown'],
  ])('reads %s', (_case, orgNumber, legalForm) => {
    expect(legalFormOf(orgNumber)).toBe(legalForm);
  });
});

describe('missingFacts', () => {
  const TODAY = '2026-11-26';
  const verified = (kind: FactStanding['kind'], validUntil?: string): FactStanding => ({
    kind,
    status: 'verified',
    ...(validUntil ? { validUntil } : {}),
  });

  it('needs the organisation number for every clinic, and each requirement its treatments trigger, in order', () => {
    expect(missingFacts([], [], TODAY)).toEqual(['org_number']);
    expect(missingFacts(['piercing', 'botulinum_toxin'], [], TODAY)).toEqual([
      'org_number',
      'liability_insurance',
      'ivo_registration',
      'licensed_practitioner',
      'municipal_notification',
    ]);
  });

  it('counts only verified facts: unchecked and rejected ones leave the requirement open', () => {
    const facts: FactStanding[] = [
      verified('org_number'),
      { kind: 'ivo_registration', status: 'unchecked' },
      { kind: 'licensed_practitioner', status: 'rejected' },
      verified('licensed_practitioner'),
      verified('liability_insurance', TODAY),
    ];
    expect(missingFacts(['fillers'], facts, TODAY)).toEqual(['ivo_registration']);
  });

  it('counts a liability insurance only while it is valid: on its last day yes, the day after no', () => {
    expect(missingFacts(['facial'], [verified('org_number'), verified('liability_insurance', TODAY)], TODAY)).toEqual(
      [],
    );
    expect(
      missingFacts(['facial'], [verified('org_number'), verified('liability_insurance', '2026-11-25')], TODAY),
    ).toEqual(['liability_insurance']);
    expect(missingFacts(['facial'], [verified('org_number'), verified('liability_insurance')], TODAY)).toEqual([
      'liability_insurance',
    ]);
  });
});

describe('TreatmentsSchema', () => {
  it("answers the chosen treatments in the catalogue's order, each once", () => {
    expect(TreatmentsSchema.parse(['piercing', 'facial', 'botulinum_toxin', 'facial'])).toEqual([
      'facial',
      'botulinum_toxin',
      'piercing',
    ]);
    expect(TreatmentsSchema.parse([])).toEqual([]);
  });

  it('refuses an unknown treatment, and anything that is not a list of them, with a translated reason', () => {
    for (const value of [['facial', 'tandblekning'], 'facial', [1], null]) {
      const parsed = TreatmentsSchema.safeParse(value);
      expect(parsed.success, JSON.stringify(value)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('validation:treatmentUnknown');
    }
  });
});
