/**
 * A place name as it is compared: lower case, without accents (å, ä and ö are a and o), hyphens and
 * runs of spaces as one space. "Malmö", "malmo" and "MALMÖ" are one key, as are "Upplands-Bro" and
 * "upplands bro". The build script (scripts/build-places.ts) writes each place's key with it, and the
 * lookups fold what was typed with it, so the two cannot differ.
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\-‐‑–—]+/g, ' ')
    .trim();
}
