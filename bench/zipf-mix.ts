/**
 * The long-tailed search mix of bench/search.ts (issue 13): 10,000 distinct searches (names, cities,
 * prefixes as typed letter by letter, typos) drawn with a Zipf distribution, from a seeded generator,
 * so that every run asks the same requests in the same order.
 */

/** mulberry32: a small, fast, seeded pseudo-random generator; returns [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Vocabulary {
  firstNames: readonly string[];
  surnames: readonly string[];
  nature: readonly string[];
  kinds: readonly string[];
  cities: readonly string[];
}

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
const LETTERS = 'abcdefghijklmnopqrstuvwxyzåäö';

/**
 * `count` distinct searches in rank order (rank 1 first): what visitors type, by share of the draws
 * that made them: 30% names and parts of names, 20% cities, 30% prefixes (each letter of a word as it is
 * typed: `s`, `st`, `sto`, …), 20% typos (a letter dropped, doubled, swapped or replaced). Names and
 * cities come in any case, with or without å ä ö.
 */
export function distinctSearches(vocabulary: Vocabulary, count: number, random: () => number): string[] {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const cities = [...new Set(vocabulary.cities)];
  const name = (): string => {
    switch (Math.floor(random() * 7)) {
      case 0:
        return pick(vocabulary.surnames);
      case 1:
        return pick(vocabulary.kinds);
      case 2:
        return `${pick(vocabulary.surnames)}s ${pick(vocabulary.kinds)}`;
      case 3:
        return `${pick(vocabulary.nature)} ${pick(vocabulary.kinds)}`;
      case 4:
        return `${pick(vocabulary.firstNames)} ${pick(vocabulary.surnames)}`;
      case 5:
        return `${pick(vocabulary.kinds)} ${pick(cities)}`;
      default:
        return pick(vocabulary.nature);
    }
  };
  const spelled = (text: string): string => {
    const way = random();
    if (way < 0.5) return text.toLowerCase();
    if (way < 0.75) return text;
    if (way < 0.9) return withoutAccents(text).toLowerCase();
    return text.toUpperCase();
  };
  const prefix = (): string => {
    const word = (random() < 0.5 ? pick(cities) : name()).toLowerCase();
    return word.slice(0, 1 + Math.floor(random() * Math.min(word.length, 12)));
  };
  const typo = (): string => {
    const word = (random() < 0.5 ? pick(cities) : name()).toLowerCase();
    const at = 1 + Math.floor(random() * (word.length - 1));
    switch (Math.floor(random() * 4)) {
      case 0:
        return word.slice(0, at) + word.slice(at + 1);
      case 1:
        return word.slice(0, at) + word.charAt(at) + word.slice(at);
      case 2:
        return word.slice(0, at - 1) + word.charAt(at) + word.charAt(at - 1) + word.slice(at + 1);
      default:
        return word.slice(0, at) + pick([...LETTERS]) + word.slice(at + 1);
    }
  };
  const searches = new Set<string>();
  for (let tries = 0; searches.size < count; tries++) {
    if (tries > count * 1000) throw new Error(`only ${searches.size} distinct searches could be made`);
    const kind = random();
    const search = (
      kind < 0.3 ? spelled(name()) : kind < 0.5 ? spelled(pick(cities)) : kind < 0.8 ? prefix() : typo()
    ).trim();
    if (search) searches.add(search);
  }
  return [...searches];
}

/** Draws ranks 0..size-1 with P(rank k) ∝ 1 / (k + 1)^exponent, by binary search in the cumulative weights. */
export function zipfSampler(
  size: number,
  exponent: number,
  random: () => number,
): { draw: () => number; shareOfTop: (top: number) => number } {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank++) {
    total += 1 / (rank + 1) ** exponent;
    cumulative[rank] = total;
  }
  return {
    draw() {
      const target = random() * total;
      let low = 0;
      let high = size - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((cumulative[middle] ?? 0) < target) low = middle + 1;
        else high = middle;
      }
      return low;
    },
    shareOfTop: (top) => (cumulative[Math.min(top, size) - 1] ?? 0) / total,
  };
}
