/**
 * A remote provider's answers, kept so a repeated search, reverse lookup or area query is not asked again (the public
 * services ask for it). With a database, in its `provider_answers` table: every process on it (the API processes
 * behind a load balancer, a restarted one) reuses what any of them was answered, so the deployment asks each question
 * once, not once per process. Without one (an adapter's own tests), in this process's memory, least recently written
 * out first past `maxEntries`. A kept answer comes back however old, up to `keepMs`, with when it was fetched: whether
 * it is fresh enough to stand without asking is the caller's call (a corridor piece shows an old answer while its
 * provider is down).
 */
import type { DataSource } from 'typeorm';

export interface KeptAnswer<T> {
  value: T;
  fetchedAt: number;
}

export interface KeptAnswers<T> {
  get(key: string): Promise<KeptAnswer<T> | undefined>;
  /** Those kept of `keys`, by key (one statement). */
  getMany(keys: readonly string[]): Promise<Map<string, KeptAnswer<T>>>;
  /** Keeps `value` as answered at `fetchedAt` (now unless given). */
  set(key: string, value: T, fetchedAt?: number): Promise<void>;
  /** Keeps each [key, value] as answered at `fetchedAt` (one statement). */
  setMany(answers: ReadonlyArray<readonly [string, T]>, fetchedAt?: number): Promise<void>;
}

export interface KeptAnswersOptions {
  /** The answers' kind ("Photon"): the table's rows are told apart by it. */
  name: string;
  /** How long an answer is kept at all; older ones are gone. */
  keepMs: number;
  /** At most this many in memory (the table is bounded by `keepMs`). */
  maxEntries: number;
  db?: DataSource | Promise<DataSource>;
  now?: () => number;
}

/** Every this many answers kept, a process clears the kind's answers past `keepMs` (no timer of its own). */
const PRUNE_EVERY = 100;

export function createKeptAnswers<T>(options: KeptAnswersOptions): KeptAnswers<T> {
  return options.db ? databaseAnswers(options, options.db) : memoryAnswers(options);
}

/** get, set and setMany from getMany: one way to read and write each kind of store. */
function fromMany<T>(getMany: KeptAnswers<T>['getMany'], setMany: KeptAnswers<T>['setMany']): KeptAnswers<T> {
  return {
    get: async (key) => (await getMany([key])).get(key),
    getMany,
    set: (key, value, fetchedAt) => setMany([[key, value]], fetchedAt),
    setMany,
  };
}

function memoryAnswers<T>({ keepMs, maxEntries, now = Date.now }: KeptAnswersOptions): KeptAnswers<T> {
  const entries = new Map<string, KeptAnswer<T>>();
  return fromMany(
    async (keys) => {
      const found = new Map<string, KeptAnswer<T>>();
      for (const key of keys) {
        const kept = entries.get(key);
        if (kept && now() - kept.fetchedAt >= keepMs) entries.delete(key);
        else if (kept) found.set(key, kept);
      }
      return found;
    },
    async (answers, fetchedAt = now()) => {
      for (const [key, value] of answers) {
        entries.delete(key);
        entries.set(key, { value, fetchedAt });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
    },
  );
}

function databaseAnswers<T>({ name, keepMs, now = Date.now }: KeptAnswersOptions, db: DataSource | Promise<DataSource>): KeptAnswers<T> {
  let keptSincePrune = 0;
  const oldestKept = () => new Date(now() - keepMs);
  return fromMany(
    async (keys) => {
      const rows: Array<{ key: string; answer: T; fetched_at: Date }> = await (await db).query(
        'SELECT key, answer, fetched_at FROM provider_answers WHERE kind = $1 AND key = ANY($2) AND fetched_at > $3',
        [name, keys, oldestKept()],
      );
      return new Map(rows.map((row) => [row.key, { value: row.answer, fetchedAt: row.fetched_at.getTime() }]));
    },
    async (answers, fetchedAt = now()) => {
      if (answers.length === 0) return;
      const source = await db;
      // The last answer of a key given twice stands (one row may not be updated twice in one statement).
      const latest = new Map(answers);
      await source.query(
        `INSERT INTO provider_answers (kind, key, answer, fetched_at) SELECT $1, key, answer, $4 FROM unnest($2::text[], $3::jsonb[]) AS given(key, answer)
         ON CONFLICT (kind, key) DO UPDATE SET answer = EXCLUDED.answer, fetched_at = EXCLUDED.fetched_at`,
        [name, [...latest.keys()], [...latest.values()].map((value) => JSON.stringify(value)), new Date(fetchedAt)],
      );
      keptSincePrune += latest.size;
      if (keptSincePrune < PRUNE_EVERY) return;
      keptSincePrune = 0;
      await source.query('DELETE FROM provider_answers WHERE kind = $1 AND fetched_at <= $2', [name, oldestKept()]);
    },
  );
}
