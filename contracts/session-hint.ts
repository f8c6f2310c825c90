import { ROLES } from './constants.ts';

/** Where auth-js keeps the session in the browser's localStorage (web/lib/auth-client.ts). */
export const AUTH_STORAGE_KEY = 'ck-auth';

/** `<html data-session>`: the role of the stored session, empty for one without a known role; absent when signed out. */
export const SESSION_ATTRIBUTE = 'data-session';

/**
 * The one inline script of the site (docs/decisions/025-session-known-at-first-paint.md): in the page's
 * head, before anything is painted, it marks `<html>` with the stored session's role, so the server's copy
 * of the page shows the header of the visitor's sign-in state from its first paint. The CSP allows it by
 * its hash (server/plugins/external/security.ts); the build puts it in index.html (vite.config.ts).
 */
export const SESSION_HINT_SCRIPT =
  `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)}));` +
  `if(s){var r=s.user&&s.user.app_metadata&&s.user.app_metadata.role;` +
  `document.documentElement.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},${JSON.stringify(ROLES)}.indexOf(r)<0?'':r)}}catch(e){}`;
