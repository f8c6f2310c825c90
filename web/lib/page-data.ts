import type { PageData } from '../../build/prerendered-files.ts';

/** The id of the element that carries the data a page was rendered with on the server. */
export const PAGE_DATA_ID = 'page-data';

/**
 * The data as an element the browser does not run (the CSP allows no inline script, and needs not: it
 * is JSON). `<` is written as an escape, so no text in it (a clinic's name) can end the element.
 */
export function pageDataElement(data: PageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>`;
}

/** In the browser: the data the server rendered this page with, if it did; read once. */
export function takePageData(): PageData | undefined {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as PageData;
  } catch {
    return undefined;
  }
}
