// Certificates follow the calendar of the certification body: a day is a Swedish day.
const swedishDate = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `2026-11-23`, the date in Sweden at `moment`. */
export const dateInSweden = (moment: Date): string => swedishDate.format(moment);

/** A Swedish day `days` after `day` (before, when negative): `2026-12-27` is 30 days after `2026-11-27`. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
