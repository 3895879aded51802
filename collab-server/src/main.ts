/** The collab server process: `npm start` runs it beside the API server; SIGTERM flushes every write first. */
import {
  assertSchemaCurrent,
  createDataSource,
  createLegRouter,
  createLogger,
  createRemoteProviders,
  loadConfig,
  siteOrigins,
} from '@caravan/engine';
import { startCollabServer } from './collabServer.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL is required by the collab server.');
  process.exit(1);
}
const logger = createLogger(config.logLevel);
const dataSource = await createDataSource(config.databaseUrl).initialize();
await assertSchemaCurrent(dataSource);
const server = await startCollabServer({
  dataSource,
  databaseUrl: config.databaseUrl,
  logger,
  port: config.collabPort,
  host: config.collabHost,
  allowedOrigins: siteOrigins(config.publicOrigin),
  pingIntervalMs: process.env.COLLAB_PING_MS ? Number(process.env.COLLAB_PING_MS) : undefined,
  // OSRM as the API server asks it (identified, skipped while down); the API server's start checks it and logs.
  legRouter: createLegRouter(config, dataSource, logger, createRemoteProviders(config, logger).osrm),
});
logger.info({ url: server.url }, 'Caravan collab server listening');
process.send?.({ ready: server.url });

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await server.close();
  await dataSource.destroy();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
