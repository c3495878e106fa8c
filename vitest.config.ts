import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // Pure logic, components (jsdom per file) and the embedded engine's crash and lock tests.
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
          exclude: ['**/*.api.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        // The app in-process against a real database: embedded by default, PostgreSQL with DATABASE_URL.
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
