import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

// pdf.js decodes JBIG2 and CCITT fax images (black-and-white scans) and JPEG 2000 images with
// WebAssembly, which the app's CSP does not allow ('wasm-unsafe-eval' is not in script-src), or with
// these plain JavaScript builds of the same decoders. The admin's preview runs pdf.js with
// `useWasm: false` and fetches them from `wasmUrl`, a folder where they keep their own names (pdf.js
// builds each URL as `${wasmUrl}${name}`, so Vite's hashed asset names cannot serve).
const DECODERS = ['jbig2_nowasm_fallback.js', 'openjpeg_nowasm_fallback.js'];

const require = createRequire(import.meta.url);
const packageFolder = path.dirname(require.resolve('pdfjs-dist/package.json'));
const { version } = JSON.parse(readFileSync(path.join(packageFolder, 'package.json'), 'utf8')) as { version: string };

/**
 * Serves pdf.js's JavaScript image decoders from this origin at `/assets/pdfjs-{version}/` (the
 * `wasmUrl` of web/features/admin-clinics/lib/pdf-document.ts): written into the build, and answered
 * from node_modules by the dev server. The version in the folder's name keeps the year-long cache of
 * `/assets/` right across upgrades.
 */
export function pdfjsDecoders(): Plugin {
  const folder = `assets/pdfjs-${version}/`;
  const source = (name: string) => readFileSync(path.join(packageFolder, 'wasm', name));
  return {
    name: 'pdfjs-decoders',
    configureServer(server) {
      server.middlewares.use(`/${folder}`, (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!DECODERS.includes(name)) return next();
        response.setHeader('content-type', 'text/javascript');
        response.end(source(name));
      });
    },
    generateBundle() {
      for (const name of DECODERS) this.emitFile({ type: 'asset', fileName: `${folder}${name}`, source: source(name) });
    },
  };
}
