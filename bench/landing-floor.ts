/**
 * The floor of issue 13 point 4: what the landing page's JavaScript weighs at the least with the stack
 * ARCHITECTURE.md fixes, measured as the build measures the landing page (build/landing-budget-plugin.ts).
 * Two pages are built for production with the app's own Vite settings for React: one translated line
 * with React 19, the app's i18next setup (web/lib/i18n.ts) and React Router's declarative router, and the
 * same with TanStack Query fetching one answer, as the landing page's hero texts come.
 */
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';
import { BUDGETS } from '../build/budgets.ts';
import { initialChunks } from '../build/landing-budget-plugin.ts';

const folder = join(import.meta.dirname, 'landing-floor');
const pages = { stack: 'stack.tsx', 'stack with TanStack Query': 'stack-with-query.tsx' };

const output = (await build({
  configFile: false,
  root: folder,
  logLevel: 'warn',
  plugins: [react()],
  build: { write: false, rollupOptions: { input: Object.values(pages).map((file) => join(folder, file)) } },
})) as Rolldown.RolldownOutput;
const bundle = Object.fromEntries(output.output.map((file) => [file.fileName, file]));

console.log(
  `Landing page floor (gzip, as build/landing-budget-plugin.ts measures; the landing page's budget is ${BUDGETS.landingInitialJsKb} KB, issue 13 asks 100 KB):`,
);
for (const [name, file] of Object.entries(pages)) {
  const entry = output.output.find(
    (chunk): chunk is Rolldown.OutputChunk =>
      chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId === join(folder, file),
  );
  if (!entry) throw new Error(`No entry chunk for ${file}`);
  const chunks = initialChunks(bundle, [entry]);
  const kb = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) / 1024;
  console.log(`  ${name}: ${kb.toFixed(1)} KB in ${chunks.length} chunks`);
}
