/**
 * A test server whose OSRM_URL is a stand-in OSRM, for calls that read the road through it; before each
 * test, no requests recorded and no reply override. 50 requests a second, so the throttle does not slow tests.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Config } from '@caravan/engine';
import { startOsrmStandIn, type OsrmStandIn } from '@caravan/engine/test';
import { useTestServer, type TestServer } from './useTestServer.ts';

export interface OsrmTestServer extends TestServer {
  osrm: OsrmStandIn;
}

export function useOsrmTestServer(): OsrmTestServer {
  let osrm: OsrmStandIn | undefined;
  const config: Partial<Config> = { osrmRequestsPerSecond: 50 };
  // The stand-in must listen before the server starts: its URL is the server's OSRM_URL.
  beforeAll(async () => {
    osrm = await startOsrmStandIn();
    config.osrmUrl = osrm.url;
  });
  afterAll(() => osrm?.close());
  const context = useTestServer(config) as OsrmTestServer;
  Object.defineProperty(context, 'osrm', { get: () => osrm });
  beforeEach(() => {
    osrm!.requests = [];
    osrm!.reply = null;
  });
  return context;
}
