/** `npm run admin:create -- --email a@b.c --password ... [--name "Ada"]`: creates or promotes an administrator. */
import { parseArgs } from 'node:util';
import { parseWith, ZRegisterRequest } from '@caravan/shared';
import { assertSchemaCurrent, createDataSource, loadConfig } from '@caravan/engine';
import { adminEnsurer } from '@caravan/server';
import { openDatabase } from './database.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string', default: 'Administrator' } },
});
const parsed = parseWith(ZRegisterRequest, { email: values.email, password: values.password, displayName: values.name });
if (!parsed.ok) {
  console.error(`admin:create: ${parsed.message}\nUsage: npm run admin:create -- --email you@example.com --password '...' [--name 'Your Name']`);
  process.exit(1);
}

const database = await openDatabase(loadConfig());
const dataSource = await createDataSource(database.url, 1).initialize();
try {
  await assertSchemaCurrent(dataSource);
  const created = await adminEnsurer(dataSource, parsed.data);
  console.log(created ? `Administrator ${parsed.data.email} created.` : `${parsed.data.email} is now an administrator.`);
} finally {
  await dataSource.destroy();
  await database.stop();
}
