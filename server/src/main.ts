/** Production entry point: serves the API and the built web app against DATABASE_URL (see docker-compose.yml). */
import { createLogger, loadConfig, reportStartFailure } from '@caravan/engine';
import { startServer } from './server.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL is required here; `npm start` runs an embedded PostgreSQL instead.');
  process.exit(1);
}
const logger = createLogger(config.logLevel);
// A start that fails (PostgreSQL unreachable, the port taken) tells a parent why before it exits.
const server = await startServer(config, config.databaseUrl, logger).catch((error) => reportStartFailure(error, logger));
logger.info({ url: server.url }, 'Caravan server listening');
// Started by startApiProcess (apiProcess.ts): tell the parent where.
process.send?.({ ready: server.url });

const shutdown = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
