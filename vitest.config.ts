/**
 * Unit, server and client suites. The browser e2e suite is not vitest: it runs
 * from tests/e2e/run.ts against the real server (npm run e2e).
 */
import { defineConfig } from 'vitest/config';
import { DEMO_PASSWORD } from './tests/support/demo';

// Servers that seed the demo community in tests give its members this password; set here,
// in the parent process, so every project's workers inherit it.
process.env.DEMO_PASSWORD ??= DEMO_PASSWORD;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on this machine kind's two, every file
    // ran after the other while most of them wait on their servers, databases and children.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
          // Files in parallel (one per core): each test server has its own PGlite or its own
          // PostgreSQL database (bt_test_<random>) and its own rate-limit namespace, so files
          // share no state.
        },
      },
      {
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/support/client-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
