import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font">` to index.html for the built font files whose source name
 * matches `fonts` (only what the first page's text needs), so the browser fetches them with the page
 * instead of after the stylesheet. Fonts are fetched in CORS mode, hence `crossorigin`, or the
 * preload would go unused.
 */
export function preloadFonts({ fonts }: { fonts: RegExp }): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.values(bundle ?? {})
          .filter(
            (output) =>
              output.type === 'asset' &&
              output.fileName.endsWith('.woff2') &&
              output.names.some((name) => fonts.test(name)),
          )
          .map((output) => output.fileName);
        if (files.length === 0) throw new Error(`preload-fonts: no built font matches ${fonts}`);
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${fileName}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
