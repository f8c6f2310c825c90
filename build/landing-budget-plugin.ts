import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { BUDGETS } from './budgets.ts';

/**
 * The chunks a page loads before it can show anything (each of `startChunks` and everything they import
 * statically, not what they import lazily), with the gzip size of each in bytes, as the build prints it.
 */
export function initialChunks(
  bundle: Rolldown.OutputBundle,
  startChunks: readonly Rolldown.OutputChunk[],
): { fileName: string; gzipBytes: number }[] {
  const byFile = new Map(
    Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])),
  );
  const loaded = new Set<string>();
  const visit = (fileName: string) => {
    if (loaded.has(fileName)) return;
    loaded.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const chunk of startChunks) visit(chunk.fileName);
  return [...loaded].map((fileName) => ({ fileName, gzipBytes: gzipSync(byFile.get(fileName)?.code ?? '').length }));
}

/**
 * After a production build, prints the JavaScript the landing page loads before it can show
 * anything: the entry chunk, everything it imports statically, and the landing route's chunk. The
 * build fails when that is over its budget (build/budgets.ts).
 */
export function landingBudget({
  landingModule,
  budgetKb = BUDGETS.landingInitialJsKb,
}: {
  landingModule: string;
  budgetKb?: number;
}): Plugin {
  return {
    name: 'landing-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(landingModule));
      if (!entry || !landing)
        this.error(`The landing page budget cannot be measured: no ${entry ? landingModule : 'entry'} chunk`);

      const loaded = initialChunks(bundle, [entry, landing]);
      const kb = loaded.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) / 1024;
      const line = `Landing page initial JavaScript: ${kb.toFixed(1)} KB gzip in ${loaded.length} chunks`;
      if (kb > budgetKb) {
        const largest = loaded
          .sort((a, b) => b.gzipBytes - a.gzipBytes)
          .slice(0, 5)
          .map((chunk) => `${chunk.fileName} ${(chunk.gzipBytes / 1024).toFixed(1)} KB`)
          .join(', ');
        this.error(`${line}, OVER the ${budgetKb} KB budget (build/budgets.ts). Largest: ${largest}`);
      }
      console.log(`\n${line} (within the ${budgetKb} KB budget, build/budgets.ts)`);
    },
  };
}
