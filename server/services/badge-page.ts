import en from '../../contracts/locales/en/badge.json' with { type: 'json' };
import sv from '../../contracts/locales/sv/badge.json' with { type: 'json' };
import type { Badge, BadgeRefusal } from '../../contracts/certificates.ts';
import type { Language } from '../../contracts/constants.ts';
import { TREATMENTS } from '../../contracts/treatments.ts';
import { escapeHtml } from '../lib/html-head.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { verificationPagePath } from './page-heads.ts';

// /badge?id= as one small HTML page from the server (issue 9: under 50 KB): no script, no font and no
// stylesheet to fetch, so an embedding site shows it at once. Texts are the web app's badge namespace.

const TEXTS: Record<Language, typeof sv> = { sv, en };

// lucide's shield-check and shield-alert, as the app's CertificateBadge shows them.
const shield = (mark: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/>${mark}</svg>`;
const SHIELD_CHECK = shield('<path d="m9 12 2 2 4-4"/>');
const SHIELD_ALERT = shield('<path d="M12 8v4"/><path d="M12 16h.01"/>');

// The app's theme colours (web/styles.css), on a transparent page.
const STYLE = `
html,body{margin:0;background:transparent;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:oklch(0.22 0.02 200)}
main{display:grid;place-items:center;min-height:300px;text-align:center;font-size:14px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
a{color:inherit;text-decoration:none;border-radius:50%}
a:focus-visible{outline:3px solid oklch(0.5 0.11 175);outline-offset:4px}
.badge{box-sizing:border-box;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px;width:300px;height:300px;padding:32px;border-radius:50%;border:6px solid oklch(0.45 0.1 175);background:#fff;box-shadow:0 0 0 2px #fff,0 0 0 6px oklch(0.45 0.1 175 / 0.2),0 1px 2px rgb(0 0 0 / 0.05)}
.badge svg{color:oklch(0.45 0.1 175)}
.label{font-size:12px;font-weight:600;letter-spacing:.2em;text-transform:uppercase;color:oklch(0.45 0.1 175)}
.year{font-size:36px;font-weight:700;line-height:1.1;font-variant-numeric:tabular-nums}
.name{font-size:16px;font-weight:600;line-height:1.25;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.scope{font-size:11px;line-height:1.3;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.quality{font-size:11px;letter-spacing:.05em;text-transform:uppercase;color:oklch(0.45 0.02 200)}
.suspended{border-color:oklch(0.55 0.13 70);box-shadow:0 0 0 2px #fff,0 0 0 6px oklch(0.55 0.13 70 / 0.2)}
.suspended svg,.suspended .label{color:oklch(0.45 0.12 60)}
.since{font-size:13px;line-height:1.3}`;

export type BadgeOutcome = Badge | BadgeRefusal | 'no_id';

const MESSAGES = {
  no_id: 'noId',
  clinic_not_found: 'notFound',
  not_certified: 'notCertified',
  not_public: 'notPublic',
} as const satisfies Record<BadgeRefusal | 'no_id', keyof typeof sv>;

/**
 * `{{name}}` and the like filled in one pass by a function, so that a value is taken as it is written: a
 * replacement string would read `$'`, `$&` or `$$` in a clinic's name as patterns, and a second
 * `replace` would fill a `{{number}}` that the name itself contains.
 */
const interpolate = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (placeholder, key: string) => values[key] ?? placeholder);

/** The badge as a link to its certificate's verification page, in a new tab of the embedding site. */
const link = (outcome: Badge, label: string, content: string) =>
  `<a href="${escapeHtml(verificationPagePath(outcome.certificateNumber))}" target="_blank" rel="noopener" aria-label="${escapeHtml(label)}">${content}</a>`;

/** The badge of a clinic whose certificate is in force, or says it is suspended (issue 22): never green then. */
function badge(outcome: Badge, language: Language): string {
  const t = TEXTS[language];
  const name = `<span class="name">${escapeHtml(outcome.fullName)}</span>`;
  const values = { name: outcome.fullName, number: outcome.certificateNumber };
  if (outcome.status === 'suspended') {
    const date = dateInSweden(new Date(outcome.suspendedAt ?? 0));
    const label = interpolate(t.openSuspended, { ...values, date });
    const body = `${SHIELD_ALERT}<span class="label">${escapeHtml(t.suspended)}</span>${name}<span class="since">${escapeHtml(interpolate(t.suspendedSince, { date }))}</span>`;
    return link(outcome, label, `<span class="badge suspended">${body}</span>`);
  }
  // The scope by name, short: two lines at most on the badge, all of it in its tooltip.
  const treatments = outcome.treatments.map((id) => TREATMENTS[id].name[language]).join(', ');
  const scope = treatments
    ? `<span class="scope" title="${escapeHtml(treatments)}">${escapeHtml(interpolate(t.scope, { treatments }))}</span>`
    : '';
  const body = `${SHIELD_CHECK}<span class="label">${escapeHtml(t.certified)}</span><span class="year">${outcome.year}</span>${name}${scope}<span class="quality">${escapeHtml(t.qualityAndSafety)}</span>`;
  return link(outcome, interpolate(t.open, values), `<span class="badge">${body}</span>`);
}

export function badgePage(outcome: BadgeOutcome, language: Language): string {
  const t = TEXTS[language];
  const title = typeof outcome === 'string' ? t.title : `${t.title}: ${outcome.fullName}`;
  const content = typeof outcome === 'string' ? `<p>${escapeHtml(t[MESSAGES[outcome]])}</p>` : badge(outcome, language);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1 class="sr">${escapeHtml(t.title)}</h1>${content}</main></body></html>`;
}
