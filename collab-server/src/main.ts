/** The collab server process: `npm start` runs it beside the API server; SIGTERM flushes every write first. */
import {
  assertSchemaCurrent,
  createDataSource,
  createLegRouter,
  createLogger,
  createRemoteProviders,
  loadConfig,
  reportStartFailure,
  siteOrigins,
} from '@caravan/engine';
import { startCollabServer } from './collabServer.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL is required by the collab server.');
  process.exit(1);
}
const databaseUrl = config.databaseUrl;
const logger = createLogger(config.logLevel);
// A start that fails (PostgreSQL unreachable, the port taken) tells its supervisor why before it exits.
const { dataSource, server } = await (async () => {
  const dataSource = await createDataSource(databaseUrl).initialize();
  await assertSchemaCurrent(dataSource);
  const server = await startCollabServer({
    dataSource,
    databaseUrl,
    logger,
    port: config.collabPort,
    host: config.collabHost,
    allowedOrigins: siteOrigins(config.publicOrigin),
    pingIntervalMs: process.env.COLLAB_PING_MS ? Number(process.env.COLLAB_PING_MS) : undefined,
    // OSRM as the API server asks it (identified, skipped while down); the API server's start checks it and logs.
    legRouter: createLegRouter(config, dataSource, logger, createRemoteProviders(config, logger, undefined, dataSource).osrm),
  });
  return { dataSource, server };
})().catch((error) => reportStartFailure(error, logger));
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
