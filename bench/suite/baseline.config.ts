/**
 * bench:suite's baseline: vitest's configuration before the suite was split into projects (one project over
 * every test file, the forks pool with vitest's default workers, one on two cores, a fresh process per file),
 * with what today's tests need to run at all: the shared Chromium's setup and the browser files' 10 s polls.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '.data/**'],
    globalSetup: ['test/globalSetup.ts', 'test/e2e/chromiumSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
  },
});
