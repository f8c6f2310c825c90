// The head of a page as the server sends it: crawlers and link previews read the title, description and
// structured data without running the app's JavaScript.

export interface PageHead {
  title: string;
  description: string;
  /** The page's one address (absolute), for search engines. */
  canonical?: string;
  /** schema.org data, sent as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** `noindex`: a page for the people who reach it, kept out of search results. */
  robots?: 'noindex';
}

/** Text safe inside HTML or XML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside a <script>: no `<` can close the element early (`</script>`, `<!--`). */
const scriptSafeJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** index.html with the page's title, description, canonical link and JSON-LD in place of the site's defaults. */
export function withHead(html: string, head: PageHead): string {
  const extra = [
    head.robots ? `<meta name="robots" content="${head.robots}" />` : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    head.jsonLd ? `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>` : '',
  ].join('');
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      // As index.html writes it, on one line or over several (Prettier wraps long tags).
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `${extra}</head>`);
}
