import { useEffect } from 'react';

/**
 * Sets the tab's title while the page shows (null: not known yet); the one before comes back when
 * the page goes, since PublicRoot sets the site's title only when it changes.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
