/**
 * One pace for a public service across every process on the database: the API processes and the collab processes
 * (whose leg keeper asks OSRM too), on one machine or several. Each request reserves the next free slot in the
 * service's `provider_pacing` row (one statement under the row's lock, on PostgreSQL's clock) and waits for it, so
 * the operator sees the configured rate however many processes run; a queue per process multiplied it (an API and a
 * collab process each sent OSRM's demo one request a second). A wait past `maxWaitMs` reserves nothing and refuses at
 * once, as a full queue does. A service that answers one process 429 holds every process off (`holdSharedPace`): their
 * next requests refuse at once, falling back to the offline answer, until its Retry-After has passed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';

export interface SharedPace {
  /** The database of the processes that share the pace (a promise while it opens: the start's check runs meanwhile). */
  db: DataSource | Promise<DataSource>;
  /** The service, by name and host: processes that ask the same host share its pace. */
  key: string;
}

/**
 * Takes the slot `intervalMs` after the last one taken (or now, when that is past), unless it is more than
 * `maxWaitMs` away: then no row comes back. The answer is the wait until the slot taken.
 */
const RESERVE = `
  INSERT INTO provider_pacing AS p (key, next_at) VALUES ($1, clock_timestamp() + $2::float8 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET next_at = greatest(p.next_at, clock_timestamp()) + $2::float8 * interval '1 millisecond'
    WHERE p.next_at - clock_timestamp() <= $3::float8 * interval '1 millisecond'
  RETURNING greatest(0, extract(epoch FROM p.next_at - clock_timestamp()) * 1000 - $2::float8)::float8 AS wait_ms`;

const HOLD_OFF = `
  INSERT INTO provider_pacing AS p (key, next_at) VALUES ($1, clock_timestamp() + $2::float8 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET next_at = greatest(p.next_at, EXCLUDED.next_at)`;

export class PaceFullError extends Error {}

/** Resolves when this request's slot comes; rejects with PaceFullError at once when it is more than `maxWaitMs` away. */
export async function takeSharedSlot({ db, key }: SharedPace, intervalMs: number, maxWaitMs: number): Promise<void> {
  const rows: Array<{ wait_ms: number }> = await (await db).query(RESERVE, [key, intervalMs, maxWaitMs]);
  if (!rows.length) throw new PaceFullError(`${key}: more than ${maxWaitMs / 1000} s of requests waiting`);
  if (rows[0].wait_ms > 0) await sleep(rows[0].wait_ms);
}

/** No slot for the next `ms`, for any process (the service asked us to back off). */
export async function holdSharedPace({ db, key }: SharedPace, ms: number): Promise<void> {
  await (await db).query(HOLD_OFF, [key, ms]);
}
