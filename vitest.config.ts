/**
 * Four test projects with their own pools: `unit` (shared and web: no database, no browser) beside `component`
 * (the web's React components in jsdom), then `api` (engine, server, collab server and the cross-package tests:
 * PostgreSQL and real servers), then `browser` (test/e2e: the whole stack in one shared Chromium).
 * `npx vitest run --project api` runs one.
 */
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/sequencer.ts';

const exclude = ['**/node_modules/**', '**/dist/**', '.data/**'];
// No test may ask a public service (and no machine here reaches one): every process a test starts, its child
// processes too, reads PROVIDERS=offline; a test of auto mode points each provider at a local stand-in.
const env = { PROVIDERS: 'offline' };

export default defineConfig({
  test: {
    // Root-only: projects below do not `extends` the root config, so the one PostgreSQL of the run starts
    // once (and not at all when only `unit` runs; see test/globalSetup.ts).
    globalSetup: ['test/globalSetup.ts'],
    // Each project's files longest first, also in a fresh clone (test/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          env,
          include: ['shared/src/**/*.test.ts', 'web/src/**/*.test.ts'],
          exclude,
          testTimeout: 30_000,
          // Pure functions and stand-in sockets on port 0: files share nothing a reused worker could leak.
          pool: 'threads',
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          // React components in a simulated DOM (jsdom) with Testing Library: dialogs, forms and lists, their
          // checks and words, where no server and no layout are needed. Flows across processes stay in `browser`.
          name: 'component',
          env,
          include: ['web/src/**/*.component.test.tsx'],
          exclude,
          environment: 'jsdom',
          setupFiles: ['web/src/test/componentSetup.ts'],
          testTimeout: 30_000,
          pool: 'threads',
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          env,
          include: ['engine/src/**/*.test.ts', 'server/src/**/*.test.ts', 'collab-server/src/**/*.test.ts', 'test/*.test.ts'],
          exclude,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file has its own database and servers on port 0 and spends much of its time waiting (on
          // PostgreSQL, or on real time: rate-limit pauses, retries, a killed process's takeover), so three run
          // at once on two cores: 162 s with two, 146–152 s with three. A worker keeps its modules from file to
          // file (isolate: false): a fresh import of the server per file was a third of the project's time. So a
          // file that changes process.env puts it back, and a server closed in afterAll leaves no listener or
          // timer behind.
          pool: 'forks',
          isolate: false,
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          env,
          include: ['test/e2e/**/*.test.ts'],
          exclude,
          globalSetup: ['test/e2e/chromiumSetup.ts'],
          testTimeout: 30_000,
          // A page waited for is polled up to 10 s (vitest's default is 1 s): two browser files share the two cores
          // with software GL, and a map chunk can take seconds to load under that.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          // Modules kept from file to file, as in `api`; each file still starts its own stack and pages. Two
          // workers: the project is CPU-bound (three gained nothing, 322 s against 331 s), and sharing the cores
          // with api files made "within a second" checks miss their second.
          pool: 'forks',
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
