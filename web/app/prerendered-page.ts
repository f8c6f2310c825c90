/**
 * The id of a page's first screen as the server sends it (build/prerender-pages-plugin.ts renders it),
 * painted before any JavaScript has run. The app's own tree stays hidden behind it (web/styles.css)
 * until the page can show the same, then takes its place in one frame.
 */
export const PRERENDERED_PAGE_ID = 'prerendered-page';

/** Removes the server's copy of the page: call it in a layout effect, once the app shows the same. */
export function removePrerenderedPage(): void {
  document.getElementById(PRERENDERED_PAGE_ID)?.remove();
}
