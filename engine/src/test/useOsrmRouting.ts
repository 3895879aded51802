/** The OSRM router tests' fixture: a stand-in OSRM and a test database; before each test, no requests recorded, no reply override, an empty leg cache. */
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createDataSource } from '../db/dataSource.ts';
import { createOsrmLegRouter, type OsrmLegRouterOptions } from '../routing/osrmLegRouter.ts';
import { createOsrmThrottle } from '../routing/osrmThrottle.ts';
import { startOsrmStandIn, type OsrmStandIn } from './osrmStandIn.ts';
import { recordingLogger } from './standInServer.ts';
import { createTestDatabase } from './testDatabase.ts';

export interface OsrmRouting {
  osrm: OsrmStandIn;
  dataSource: DataSource;
  /** An OSRM router on the stand-in, 1000 requests a second unless `options` say otherwise. */
  router: (options?: Partial<OsrmLegRouterOptions>) => ReturnType<typeof createOsrmLegRouter>;
}

export function useOsrmRouting(connections = 2): OsrmRouting {
  const context = {} as OsrmRouting;
  beforeAll(async () => {
    context.osrm = await startOsrmStandIn();
    context.dataSource = await createDataSource(await createTestDatabase(), connections).initialize();
  });
  afterAll(async () => {
    await context.osrm?.close();
    await context.dataSource?.destroy();
  });
  beforeEach(async () => {
    context.osrm.requests = [];
    context.osrm.reply = null;
    await context.dataSource.query(`TRUNCATE road_legs`);
  });
  context.router = (options = {}) =>
    createOsrmLegRouter({
      baseUrl: context.osrm.url,
      dataSource: context.dataSource,
      throttle: createOsrmThrottle(1000),
      logger: recordingLogger(),
      ...options,
    });
  return context;
}
