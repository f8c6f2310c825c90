import { expect, it } from 'vitest';
import { type ClinicCursor, ClinicCursorSchema } from '../../contracts/clinics.ts';
import { decodeCursor } from '../../contracts/cursors.ts';
import { describeEachEngine, insertClinics } from '../testing/test-app.ts';
import { searchClinics } from './clinic-register.ts';

/** Deterministic pseudo-random names over the Swedish alphabet, so a failure can be replayed. */
function swedishNames(count: number, seed = 7): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzåäö';
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () => {
    const length = 2 + (next() % 6);
    const word = Array.from({ length }, () => alphabet[next() % alphabet.length]).join('');
    return word.charAt(0).toUpperCase() + word.slice(1);
  });
}

describeEachEngine('searchClinics', {}, (t) => {
  it('pages through a large register in Swedish order, every clinic exactly once', async () => {
    const names = swedishNames(250);
    const ids = await insertClinics(
      t.db,
      names.map((fullName) => ({ fullName })),
    );
    await insertClinics(t.db, [
      { fullName: 'Dold', isPublic: false },
      { fullName: 'Ocertifierad', isCertified: false },
    ]);

    const seen: { id: string; fullName: string }[] = [];
    let cursor: ClinicCursor | null | undefined;
    let pages = 0;
    do {
      const page = await searchClinics(t.db, { search: '', limit: 100, cursor: cursor ?? undefined });
      seen.push(...page.items);
      cursor = page.nextCursor ? decodeCursor(ClinicCursorSchema, page.nextCursor) : undefined;
      pages += 1;
    } while (cursor);

    expect(pages).toBe(3);
    expect(seen.map((item) => item.id).toSorted()).toEqual(ids.toSorted());
    // Ties (the same name twice) are ordered by id, which Intl does not know of: compare names only.
    expect(seen.map((item) => item.fullName)).toEqual(names.toSorted(new Intl.Collator('sv').compare));
  });

  it('pages the same way with a search', async () => {
    await insertClinics(
      t.db,
      swedishNames(60, 11).map((fullName, index) => ({
        fullName: `${fullName} Hudvård`,
        city: index % 2 ? 'Göteborg' : 'Malmö',
      })),
    );
    const all = await searchClinics(t.db, { search: 'GÖTEBORG', limit: 100 });
    expect(all.items).toHaveLength(30);
    expect(all.items.every((item) => item.city === 'Göteborg')).toBe(true);

    const first = await searchClinics(t.db, { search: 'GÖTEBORG', limit: 16 });
    const second = await searchClinics(t.db, {
      search: 'GÖTEBORG',
      limit: 16,
      cursor: decodeCursor(ClinicCursorSchema, first.nextCursor ?? '') ?? undefined,
    });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items]).toEqual(all.items);
  });
});
