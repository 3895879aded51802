/** `npm run migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
import { createDataSource, loadConfig, runMigrations } from '@caravan/engine';
import { openDatabase } from './database.ts';

const database = await openDatabase(loadConfig());
const dataSource = await createDataSource(database.url, 1).initialize();
const pending = await dataSource.showMigrations();
await runMigrations(dataSource);
console.log(pending ? 'Migrations applied.' : 'The database is already up to date.');
await dataSource.destroy();
await database.stop();
