import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { BUDGETS } from './budgets.ts';

/**
 * After a production build, prints the JavaScript the landing page loads before it can show
 * anything: the entry chunk, everything it imports statically, and the landing route's chunk. The
 * build fails when that is over its budget (build/budgets.ts).
 */
export function landingBudget({ landingModule, budgetKb = BUDGETS.landingInitialJsKb }: { landingModule: string; budgetKb?: number }): Plugin {
  return {
    name: 'landing-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(landingModule));
      if (!entry || !landing) this.error(`The landing page budget cannot be measured: no ${entry ? landingModule : 'entry'} chunk`);

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
      const line = `Landing page initial JavaScript: ${kb.toFixed(1)} KB gzip in ${loaded.size} chunks`;
      if (kb > budgetKb) {
        const largest = [...loaded]
          .map((fileName) => ({ fileName, kb: gzipSync(byFile.get(fileName)?.code ?? '').length / 1024 }))
          .sort((a, b) => b.kb - a.kb)
          .slice(0, 5)
          .map((chunk) => `${chunk.fileName} ${chunk.kb.toFixed(1)} KB`)
          .join(', ');
        this.error(`${line}, OVER the ${budgetKb} KB budget (build/budgets.ts). Largest: ${largest}`);
      }
      console.log(`\n${line} (within the ${budgetKb} KB budget, build/budgets.ts)`);
    },
  };
}
