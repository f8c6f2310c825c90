import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// With a PostgreSQL server the integration files share the run's one test database (created and
// dropped by server/testing/global-setup.ts), so they take turns; PGlite alone runs them in parallel.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['web/**/*.test.{ts,tsx}', 'contracts/**/*.test.ts'],
          environment: 'jsdom',
          // Testing Library unmounts after each test only when it finds a global afterEach.
          globals: true,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/testing/global-setup.ts'],
          fileParallelism: !withPostgres,
          // Starting PGlite and migrating it takes a moment, more so on a busy machine.
          testTimeout: 15_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
