import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingBudget } from './build/landing-budget-plugin.ts';
import { pdfjsDecoders } from './build/pdfjs-decoders-plugin.ts';
import { precompress } from './build/precompress-plugin.ts';
import { preloadFonts } from './build/preload-fonts-plugin.ts';
import { prerenderPages } from './build/prerender-pages-plugin.ts';
import { sessionHint } from './build/session-hint-plugin.ts';
import { LANGUAGES } from './contracts/constants.ts';

const apiTarget = 'http://127.0.0.1:3001';

// react-router's package exports point every bundler at its development build (with dev-only
// warnings, unguarded by NODE_ENV); production builds use the production files it ships beside it.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

// `vite build --ssr web/app/prerender-pages.tsx` (npm run build's second step): the same pages' renderer
// for the server, which paints the register and a clinic's page with their data (server/plugins/external/web-app.ts).
const SSR_OUT_DIR = 'dist/ssr';

export default defineConfig(({ command, isSsrBuild }) => ({
  root: '.',
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  publicDir: isSsrBuild ? false : 'web/public',
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        tailwindcss(),
        sessionHint(),
        // Swedish and English text is all in Inter's latin subset (web/styles.css).
        preloadFonts({ fonts: /^inter-latin-wght-normal\.woff2$/ }),
        landingBudget({ landingModule: 'web/app/routes/public/home.tsx' }),
        pdfjsDecoders(),
        precompress(),
        prerenderPages({ entry: '/web/app/prerender-pages.tsx', languages: LANGUAGES }),
      ],
  build: {
    outDir: isSsrBuild ? SSR_OUT_DIR : 'dist/web',
    emptyOutDir: true,
    // The build prints each chunk with its gzip size; the landing page's budget is in build/budgets.ts.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 400,
    // A browser without modulepreload (Safari before 17) loads the same modules a moment later; the
    // polyfill cost every visitor 0.5 KB on the landing page.
    modulePreload: { polyfill: false },
    // The server's renderer holds every translation at once, on purpose: that the browser's lazy
    // translation chunks are imported statically there is no mistake to warn about.
    rollupOptions: isSsrBuild
      ? {
          onwarn(warning, warn) {
            if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
          },
        }
      : {},
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/auth': apiTarget },
  },
}));
