import type { Plugin } from 'vite';
import { SESSION_HINT_SCRIPT } from '../contracts/session-hint.ts';

/**
 * Puts the session hint (contracts/session-hint.ts) first in index.html's head, inline: it must run before
 * the first paint, and a script of its own would cost a request before it. The CSP allows it by its hash.
 */
export function sessionHint(): Plugin {
  return {
    name: 'session-hint',
    transformIndexHtml: () => [{ tag: 'script', children: SESSION_HINT_SCRIPT, injectTo: 'head-prepend' }],
  };
}
