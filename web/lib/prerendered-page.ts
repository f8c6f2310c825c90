import { useLayoutEffect } from 'react';

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

/**
 * For a page the server renders with its data (the register, a clinic's page): its copy stays until the
 * app has the same data, so the cards do not give way to placeholders and come back.
 */
export function useTakeOverWhenLoaded(isPending: boolean): void {
  useLayoutEffect(() => {
    if (!isPending) removePrerenderedPage();
  }, [isPending]);
}
