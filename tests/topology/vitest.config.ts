/**
 * The topology suite: one deployment (network namespaces, PostgreSQL behind PgBouncer, Redis,
 * three API hosts, HAProxy) built once by the global setup; one file at a time, since the
 * files share it and the fault tests will stop parts of it.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'topology',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/topology/**/*.topology.ts'],
    environment: 'node',
    setupFiles: ['tests/e2e/support/page-errors-setup.ts'],
    globalSetup: ['tests/topology/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
