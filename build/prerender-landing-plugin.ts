import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type UserConfig } from 'vite';

/**
 * After a production build, renders the landing page's first screen to HTML once per language
 * (`renderLanding(language)` of `entry`, loaded through Vite's SSR loader) and writes it beside the
 * build as `landing.{language}.html`. The server puts it into the page it sends for `/`
 * (server/plugins/external/web-app.ts), so the hero is painted before any JavaScript has run.
 */
export function prerenderLanding({ entry, languages, resolve }: { entry: string; languages: readonly string[]; resolve?: UserConfig['resolve'] }): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'prerender-landing',
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
        const { renderLanding } = (await server.ssrLoadModule(entry)) as { renderLanding: (language: string) => Promise<string> };
        await Promise.all(languages.map(async (language) => writeFile(path.join(outDir, `landing.${language}.html`), await renderLanding(language))));
      } finally {
        await server.close();
      }
    },
  };
}
