import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingBudget } from './build/landing-budget-plugin.ts';

const apiTarget = 'http://127.0.0.1:3001';

export default defineConfig({
  root: '.',
  publicDir: 'web/public',
  plugins: [react(), tailwindcss(), landingBudget({ landingModule: 'web/app/routes/public/home.tsx' })],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The build prints each chunk with its gzip size; the landing page budget is 150 KB gzip.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/auth': apiTarget },
  },
});
