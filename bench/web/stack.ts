/**
 * The back end for the browser bench, as test/stack.ts starts it but without vitest: an embedded
 * PostgreSQL in a temp folder, the collab server, and the API server (serving web/dist) in front of it;
 * then an owner with a trip of `stopCount` stops written through the trip document hub, each with its drive
 * leg from the stop before as the server's leg keeper writes it: a road line of LEG_POINTS points.
 */
import { randomUUID } from 'node:crypto';
import { writeLegs } from '../../test/roadLegs.ts';
import { startBenchDatabase } from '../benchDatabase.ts';

/** Points per leg's road line: a few hundred, as OSRM's simplified geometry of a day's drive has. */
export const LEG_POINTS = 300;

export interface BenchStack {
  url: string;
  tripId: string;
  tripTitle: string;
  cookie: { name: string; value: string };
  stop: () => Promise<void>;
}

export async function startBenchStack(stopCount: number): Promise<BenchStack> {
  const { createDataSource, createLogger, loadConfig, serverOrigin, SESSION_COOKIE } = await import('@caravan/engine');
  const { startServer } = await import('@caravan/server');
  const { buildTrip, buildUser, sessionTokenFor } = await import('@caravan/server/test');
  const { startCollabServer } = await import('@caravan/collab-server');
  const { addStop, orderedStops } = await import('@caravan/shared');

  const database = await startBenchDatabase('caravan-bench-web-');
  const { dataDir } = database;
  const logger = createLogger('silent');

  const collabDataSource = await createDataSource(database.url, 4).initialize();
  const allowedOrigins: string[] = [];
  const collab = await startCollabServer({ dataSource: collabDataSource, databaseUrl: database.url, logger, port: 0, host: '127.0.0.1', allowedOrigins });
  const config = { ...loadConfig({ PROVIDERS: 'offline' }), port: 0, host: '127.0.0.1', dataDir, collabUrls: [collab.url.replace('ws://', 'http://')] };
  const server = await startServer(config, database.url, logger);
  server.deps.config.publicOrigin = server.url;
  allowedOrigins.push(server.url, server.url.replace('localhost', '127.0.0.1'));

  const owner = await buildUser(server.deps.dataSource, { displayName: 'Bench Owner' });
  const title = 'Route 66, end to end';
  const trip = await buildTrip(server.deps.dataSource, owner, { title });
  // The trip is created with its start stop; the rest are written the way the product writes stops.
  await server.deps.tripDocs.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
    transact(() => {
      for (let index = orderedStops(doc).length; index < stopCount; index += 1) {
        addStop(doc, randomUUID(), {
          name: `Stop ${index + 1}: Cadillac Ranch`,
          address: `${100 + index} Historic Route 66, Amarillo, TX 79124, United States`,
          notes: 'Bring spray paint.',
          latitude: 35.18 + (index % 40) / 10,
          longitude: -101.98 - index / 20,
          estimatedDriveMinutes: 90 + index,
        });
      }
      writeLegs(doc, () => ({ points: LEG_POINTS }));
    }),
  );
  const token = await sessionTokenFor(server.deps.dataSource, owner);

  return {
    url: server.url,
    tripId: trip.id,
    tripTitle: title,
    cookie: { name: SESSION_COOKIE, value: token },
    stop: async () => {
      await collab.close();
      await server.close();
      await collabDataSource.destroy();
      await database.stop();
    },
  };
}
