import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const BUDGET_KB = 150;

/**
 * After a production build, prints the JavaScript the landing page loads before it can show
 * anything: the entry chunk, everything it imports statically, and the landing route's chunk.
 */
export function landingBudget({ landingModule }: { landingModule: string }): Plugin {
  return {
    name: 'landing-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(landingModule));
      if (!entry || !landing) return;

      const loaded = new Set<string>();
      const visit = (fileName: string) => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
      };
      visit(entry.fileName);
      visit(landing.fileName);

      const bytes = [...loaded].reduce((sum, fileName) => sum + gzipSync(byFile.get(fileName)?.code ?? '').length, 0);
      const kb = bytes / 1024;
      const verdict = kb <= BUDGET_KB ? 'within' : 'OVER';
      console.log(`\nLanding page initial JavaScript: ${kb.toFixed(1)} KB gzip in ${loaded.size} chunks (${verdict} the ${BUDGET_KB} KB budget)`);
    },
  };
}
