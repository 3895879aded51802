/**
 * Caravan's collab server in its own process for the benchmark (so its memory is its own), started the way
 * collab-server/src/main.ts starts it. It also times, from outside the code under test, each incoming
 * message's synchronous handling (decode, permission check, apply; the room fans out at the end of the loop
 * turn), each persisted batch, and the catch-ups that NOTIFY triggers, so the benchmark can say where time goes.
 */
import * as Y from 'yjs';
import { createDataSource, createLogger } from '@caravan/engine';
import { Connection, startCollabServer } from '@caravan/collab-server';
import { now } from './client.ts';
import { serveProbe } from './serverProbe.ts';
import type { Commits } from './stats.ts';

const databaseUrl = process.env.DATABASE_URL!;
const logger = createLogger(process.env.LOG_LEVEL ?? 'error');
const dataSource = await createDataSource(databaseUrl).initialize();
const server = await startCollabServer({
  dataSource,
  databaseUrl,
  logger,
  port: 0,
  host: '127.0.0.1',
  allowedOrigins: ['http://localhost:5173'],
});

interface Timings {
  count: number;
  totalMs: number;
  maxMs: number;
  samples: number[];
}
const timings = (): Timings => ({ count: 0, totalMs: 0, maxMs: 0, samples: [] });
let handled = timings();
let persisted = timings();
let opened = timings();
let built = timings();
let catchUps = 0;
/**
 * NOTIFYs of commits to trips this process holds, and its own commits, as tripId:logRowId (bench:scale): those of
 * another process's commits are the catch-ups it must read. Its own come back through NOTIFY too, maybe before the
 * commit's own answer, so they are told apart when the figures are read, not as they arrive.
 */
let notified = new Set<string>();
let ownCommits = new Set<string>();
const crossCatchUps = () => [...notified].filter((key) => !ownCommits.has(key)).length;
let batchBytes = 0;
let commits: Commits = new Map();
/** When a commit ended, what it covered of each client: the benchmark joins it with the clients' edits (edit → durable). */
const noteCommit = (update: Uint8Array) => {
  const at = now();
  for (const [client, clock] of Y.parseUpdateMeta(update).to) {
    let covered = commits.get(client);
    if (!covered) commits.set(client, (covered = []));
    covered.push(clock, at);
  }
};
const note = (into: Timings, ms: number) => {
  into.count++;
  into.totalMs += ms;
  if (ms > into.maxMs) into.maxMs = ms;
  if (into.samples.length < 200_000) into.samples.push(ms);
};

const handle = Connection.prototype.handle;
Connection.prototype.handle = function timedHandle(this: Connection, data: Uint8Array) {
  const start = performance.now();
  const replied = handle.call(this, data);
  note(handled, performance.now() - start);
  return replied;
};
const { hub } = server;
const persist = hub.persist.bind(hub);
/** Diagnostics only (`BENCH_CARAVAN_PERSIST=off`): skip the database write, to see what persistence costs the rest. */
const persistOff = process.env.BENCH_CARAVAN_PERSIST === 'off';
hub.persist = async (tripId, update, origin) => {
  const start = performance.now();
  if (persistOff) {
    note(persisted, 0);
    return null;
  }
  batchBytes += update.byteLength;
  try {
    const undone = await persist(tripId, update, origin);
    noteCommit(update);
    return undone;
  } finally {
    note(persisted, performance.now() - start);
  }
};
// A cold join: the stored bytes are read (before the client gets them), then the room's copy is built.
const readStored = hub.readStored.bind(hub);
hub.readStored = async (tripId) => {
  const start = performance.now();
  try {
    return await readStored(tripId);
  } finally {
    note(opened, performance.now() - start);
  }
};
const openFrom = hub.openFrom.bind(hub);
hub.openFrom = (stored) => {
  const start = performance.now();
  try {
    return openFrom(stored);
  } finally {
    note(built, performance.now() - start);
  }
};
// Called as each commit settles, when the trip's applied row is that commit's.
hub.onCommitted((tripId) => ownCommits.add(`${tripId}:${hub.loaded(tripId)?.appliedThrough}`));
const catchUp = hub.catchUp.bind(hub);
// Every argument passes through: without committedId the hub reads the log after each of its own commits.
hub.catchUp = (...args) => {
  catchUps++;
  const [tripId, committedId] = args;
  if (committedId !== undefined && hub.loaded(tripId)) notified.add(`${tripId}:${committedId}`);
  return catchUp(...args);
};

serveProbe({
  framing: 'caravan',
  ready: { url: server.url },
  extra: (reset) => {
    const figures = { handled, persisted, opened, built, catchUps, crossCatchUps: crossCatchUps(), batchBytes, rooms: server.rooms.size, commits };
    if (reset) {
      handled = timings();
      persisted = timings();
      opened = timings();
      built = timings();
      catchUps = 0;
      notified = new Set();
      ownCommits = new Set();
      batchBytes = 0;
      commits = new Map();
    }
    return figures;
  },
  query: (what) => (what === 'rooms' ? [...server.rooms.keys()] : null),
  stop: async () => {
    await server.close();
    await dataSource.destroy();
  },
});
