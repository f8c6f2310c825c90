import { useEffect } from 'react';

/** The browser tab shows the site title kept in site_settings. */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
