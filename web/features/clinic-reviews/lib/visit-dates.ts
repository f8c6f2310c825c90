// The days of a visit, as the server counts them: Swedish calendar days (server/lib/swedish-date.ts).

const swedishDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `2026-11-26`: today in Sweden, the last day a visit may be. */
export const todayInSweden = (now = new Date()) => swedishDay.format(now);

/** The day `days` before `day` (`2026-11-26`). */
export const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
