import { describe, expect, it } from 'vitest';
import { formatVisitMonth } from './format.ts';

describe('formatVisitMonth', () => {
  it('names the month in the reader’s language', () => {
    expect(formatVisitMonth('2026-11-20', 'sv')).toBe('november 2026');
    expect(formatVisitMonth('2026-11-20', 'en')).toBe('November 2026');
  });

  it('keeps the first and last day in their own month', () => {
    expect(formatVisitMonth('2026-11-01', 'sv')).toBe('november 2026');
    expect(formatVisitMonth('2026-11-30', 'en')).toBe('November 2026');
  });
});
