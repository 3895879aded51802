/**
 * The caller's access row of /trips/details, read for many requests in one statement. Every request must read
 * it (membership and the document's version decide the answer), and on this machine the statement's socket
 * write and read cost the API process more than writing the 70 kB answer (bench:api's profile). Requests that
 * arrive in the same turn of the event loop (under load, many at once) share one round trip: DataLoader
 * gathers them until the loop's check phase, and nothing is cached past that, so each request still reads
 * rows committed before it arrived. While one batch is being read, the next one gathers until it is back: under
 * load the batches grow instead of the round trips, and a lone request goes at once as before.
 */
import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '@caravan/engine';

export interface AccessKey {
  tripId: string;
  userId: number;
}

/**
 * A loader per data source for `statement`, which takes `$1` trip ids and `$2` user ids and answers
 * `{ i, trip }` rows, `i` being the pair's 1-based place (a pair without access has no row).
 */
export function tripAccessRows<Row>(statement: PreparedStatement): (dataSource: DataSource) => DataLoader<AccessKey, Row | undefined, string> {
  const loaders = new WeakMap<DataSource, DataLoader<AccessKey, Row | undefined, string>>();
  return (dataSource) => {
    let loader = loaders.get(dataSource);
    if (!loader) {
      let reading: Promise<unknown> | null = null;
      loader = new DataLoader<AccessKey, Row | undefined, string>(
        async (keys) => {
          const read = queryPrepared<{ i: number; trip: Row }>(dataSource, statement, [
            keys.map((key) => key.tripId),
            keys.map((key) => key.userId),
          ]);
          const settled = read.catch(() => {});
          reading = settled;
          void settled.then(() => {
            if (reading === settled) reading = null;
          });
          const found: Array<Row | undefined> = keys.map(() => undefined);
          for (const row of await read) found[row.i - 1] = row.trip;
          return found;
        },
        {
          // Across sockets: each request is read in its own I/O callback, so a tick or a microtask would batch nothing.
          batchScheduleFn: (run) => {
            if (reading) void reading.then(() => setImmediate(run));
            else setImmediate(run);
          },
          cache: false,
          cacheKeyFn: (key) => `${key.tripId}:${key.userId}`,
          maxBatchSize: 200,
        },
      );
      loaders.set(dataSource, loader);
    }
    return loader;
  };
}
