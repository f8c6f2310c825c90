import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two files at a time, on the machine's two cores (Vitest's default would be one less than the cores).
// With a PostgreSQL server each worker has a test database of its own (server/testing/global-setup.ts).
const WORKERS = 2;

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['web/**/*.test.{ts,tsx}', 'contracts/**/*.test.ts'],
          environment: 'jsdom',
          maxWorkers: WORKERS,
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
          maxWorkers: WORKERS,
          // Starting PGlite and migrating it takes a moment, more so on a busy machine.
          testTimeout: 15_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
