/** A message on one line, cut at `length` characters: for a list row or a toast. */
export function snippet(content: string, length = 120): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  return characters.length > length
    ? `${characters
        .slice(0, length - 1)
        .join('')
        .trimEnd()}…`
    : line;
}
