import { useSyncExternalStore } from 'react';

/**
 * Whether the CSS media query matches, kept up to date as it changes; false where there is no
 * matchMedia (the server's first screen, the unit tests' DOM).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** A mouse or trackpad that hovers: a device that most likely has a keyboard too, unlike a phone or tablet. */
export const FINE_POINTER = '(hover: hover) and (pointer: fine)';
