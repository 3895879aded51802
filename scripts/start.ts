/**
 * `npm start`: builds the web app if needed, starts PostgreSQL (embedded unless DATABASE_URL is set),
 * migrates, seeds demo data, serves Caravan and prints its URL. Ctrl-C stops everything cleanly.
 */
import { createDataSource, createLogger, loadConfig, runMigrations } from '@caravan/engine';
import { DEFAULT_ADMIN, demoSeeder, startServer } from '@caravan/server';
import { superviseCollabProcess } from '@caravan/collab-server';
import path from 'node:path';
import { ensureWebBuilt } from './buildWeb.ts';
import { openDatabase } from './database.ts';

const config = loadConfig();
const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');

ensureWebBuilt();
const database = await openDatabase(config);

const migrator = await createDataSource(database.url, 1).initialize();
await runMigrations(migrator);
const seeded = await demoSeeder(migrator, {
  email: process.env.ADMIN_EMAIL ?? DEFAULT_ADMIN.email,
  password: process.env.ADMIN_PASSWORD ?? DEFAULT_ADMIN.password,
});
await migrator.destroy();

// Started again whenever it dies, forever, with a growing pause (0.5 s to 30 s); each attempt is printed.
const collab = await superviseCollabProcess({
  DATABASE_URL: database.url,
  COLLAB_PORT: String(config.collabPort),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const server = await startServer(config, database.url, logger);
// Load the gazetteer now so the first address search does not wait for it.
void server.deps.locationSearch.search('warm up');

const url = config.publicOrigin;
const live = server.deps.providers.live();
const provider = (name: string, set: string | undefined, answers: boolean, offline: string) =>
  !set ? offline : answers ? `${name} (${new URL(set).host})` : `${offline} (${name} does not answer)`;
const providers = [
  `search ${provider('Photon', config.geocoderUrl, live.geocoder, 'offline list')}`,
  `roads ${provider('OSRM', config.osrmUrl, live.osrm, 'estimate')}`,
  `places ${provider('Overpass', config.overpassUrl, live.overpass, 'offline list')}`,
  `rates ${provider('ECB', config.exchangeRatesUrl, live.exchangeRates, 'none')}`,
  `weather ${provider('Open-Meteo', config.weatherUrl, live.weather, 'none')}`,
].join(' · ');
console.log(`
  Caravan is running at ${url}

  Providers       ${providers}
                  (PROVIDERS=${config.providers}${config.providers === 'auto' ? '; PROVIDERS=offline asks no public service' : ''})

  Demo traveller  ${seeded.demo.email} / ${seeded.demo.password}
  Administrator   ${seeded.admin.email} / ${seeded.admin.created ? seeded.admin.password : '(existing account, password unchanged)'}
  Database        ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}
  E-mails         ${config.smtpUrl ? 'sent over SMTP_URL' : `not sent (no SMTP_URL): written to ${path.resolve(config.dataDir, 'outbox')}, listed under Admin → Outbox`}
  Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('Stopping Caravan…');
  // Supervision ends first, so the collab server that Ctrl-C also reached is not taken for a crash and started again;
  // one that was being started is ended too.
  const collabStopped = collab.stop();
  await server.close();
  await collabStopped;
  await database.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
