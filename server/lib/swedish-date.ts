// Certificates follow the calendar of the certification body: a day is a Swedish day.
const swedishDate = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `2026-11-23`, the date in Sweden at `moment`. */
export const dateInSweden = (moment: Date): string => swedishDate.format(moment);
