import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type UserConfig } from 'vite';
import { PRERENDERED_MANIFEST, prerenderedPageFile } from './prerendered-files.ts';

interface PrerenderEntry {
  PRERENDERED_PATHS: string[];
  renderPage: (pathname: string, language: string) => Promise<string>;
}

/**
 * After a production build, renders the first screen of each page `entry` lists (`PRERENDERED_PATHS`,
 * `renderPage(pathname, language)`, loaded through Vite's SSR loader) to HTML once per language and
 * writes it beside the build (prerenderedPageFile). The server puts it into the page it sends
 * (server/plugins/external/web-app.ts), so the browser paints it before any JavaScript has run.
 */
export function prerenderPages({
  entry,
  languages,
  resolve,
}: {
  entry: string;
  languages: readonly string[];
  resolve?: UserConfig['resolve'];
}): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        resolve,
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { PRERENDERED_PATHS, renderPage } = (await server.ssrLoadModule(entry)) as PrerenderEntry;
        for (const language of languages) {
          for (const pathname of PRERENDERED_PATHS) {
            const file = path.join(outDir, prerenderedPageFile(pathname, language));
            await mkdir(path.dirname(file), { recursive: true });
            await writeFile(file, await renderPage(pathname, language));
          }
        }
        await writeFile(path.join(outDir, PRERENDERED_MANIFEST), JSON.stringify(PRERENDERED_PATHS));
      } finally {
        await server.close();
      }
    },
  };
}
