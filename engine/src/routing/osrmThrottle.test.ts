import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDataSource } from '../db/dataSource.ts';
import { recordingLogger, warningMessage } from '../test/standInServer.ts';
import { useOsrmRouting } from '../test/useOsrmRouting.ts';
import { createLegRouter } from './index.ts';
import type { LegEnds } from './legRouter.ts';
import { createOsrmLegRouter } from './osrmLegRouter.ts';
import { createOsrmThrottle } from './osrmThrottle.ts';

/** `count` different drives out of Chicago. */
const drives = (count: number): LegEnds[] =>
  Array.from({ length: count }, (_, index) => ({
    from: { latitude: 41.8781, longitude: -87.6298 },
    to: { latitude: 40 + index * 0.1, longitude: -89 },
  }));

/** Timers may fire a millisecond early; nothing else may. */
const SLACK_MS = 3;

const t = useOsrmRouting(4);

describe('the OSRM throttle', () => {
  it('is one request a second unless OSRM_REQUESTS_PER_SECOND says otherwise', () => {
    expect(loadConfig({}).osrmRequestsPerSecond).toBe(1);
    expect(loadConfig({ OSRM_REQUESTS_PER_SECOND: '2.5' }).osrmRequestsPerSecond).toBe(2.5);
    for (const wrong of ['0', '-1', 'fast', 'Infinity']) {
      expect(() => loadConfig({ OSRM_REQUESTS_PER_SECOND: wrong })).toThrow('OSRM_REQUESTS_PER_SECOND must be a positive number');
    }
  });

  it('spaces the legs asked at once: N requests take at least (N - 1) / rate seconds', async () => {
    const rate = 20;
    const router = createLegRouter({ osrmUrl: t.osrm.url, osrmRequestsPerSecond: rate }, t.dataSource, recordingLogger());
    const started = performance.now();

    const legs = await Promise.all(drives(6).map((pair) => router.route(pair)));

    expect(performance.now() - started).toBeGreaterThanOrEqual((5 / rate) * 1000 - SLACK_MS);
    expect(legs.every((leg) => leg.source === 'osrm' && !leg.fellBack)).toBe(true);
    expect(t.osrm.requests).toHaveLength(6);
  });

  it("keeps one pace for the API and the collab process together: their routers' requests reach OSRM no faster than the rate", async () => {
    const rate = 20;
    const collabDataSource = await createDataSource((t.dataSource.options as { url: string }).url, 2).initialize();
    try {
      const routers = [t.dataSource, collabDataSource].map((db) => createLegRouter({ osrmUrl: t.osrm.url, osrmRequestsPerSecond: rate }, db, recordingLogger()));
      const started = performance.now();
      const legs = await Promise.all(drives(8).map((pair, k) => routers[k % 2].route(pair)));
      expect(legs.every((leg) => leg.source === 'osrm' && !leg.fellBack)).toBe(true);
      const arrived = t.osrm.requests.map((request) => request.at - started).sort((a, b) => a - b);
      expect(arrived).toHaveLength(8);
      arrived.forEach((at, k) => expect(at).toBeGreaterThanOrEqual((k * 1000) / rate - SLACK_MS));
    } finally {
      await collabDataSource.destroy();
    }
  });

  it('holds the other processes off too when OSRM answers one of them 429: theirs fall back at once, asking nothing', async () => {
    const collabDataSource = await createDataSource((t.dataSource.options as { url: string }).url, 2).initialize();
    try {
      const [api, collab] = [t.dataSource, collabDataSource].map((db) => createLegRouter({ osrmUrl: t.osrm.url, osrmRequestsPerSecond: 20 }, db, recordingLogger()));
      t.osrm.reply = (response) => response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' }).end('{"message":"Too Many Requests"}');
      const [first, second] = drives(2);
      expect(await api.route(first)).toMatchObject({ source: 'great-circle', fellBack: true });
      expect(t.osrm.requests).toHaveLength(1);
      const started = performance.now();
      expect(await collab.route(second)).toMatchObject({ source: 'great-circle', fellBack: true });
      expect(performance.now() - started).toBeLessThan(500);
      expect(t.osrm.requests).toHaveLength(1);
    } finally {
      await collabDataSource.destroy();
      // The stand-in's pace, held for a minute, must not hold the next test.
      await t.dataSource.query(`DELETE FROM provider_pacing`);
    }
  });

  it('sends the k-th request, leg or block of a large matrix, no sooner than k / rate seconds after the first call', async () => {
    const rate = 20;
    const sent: number[] = [];
    const sending: typeof fetch = (input, init) => (sent.push(performance.now()), fetch(input, init));
    const router = createOsrmLegRouter({ baseUrl: t.osrm.url, dataSource: t.dataSource, throttle: createOsrmThrottle(rate), fetch: sending });
    const started = performance.now();

    await Promise.all(drives(3).map((pair) => router.route(pair)));
    expect((await router.matrix(drives(150).map(({ to }) => to)))?.source).toBe('osrm');

    // Three legs, then 150 points in four blocks.
    expect(sent).toHaveLength(7);
    // Measured from the first call: tokens come 1 / rate apart, but a request may leave a few ms after its token
    // when the event loop is busy, so its gap to the next can be shorter; none leaves before its turn.
    sent.forEach((at, k) => expect(at - started).toBeGreaterThanOrEqual((k * 1000) / rate - SLACK_MS));
  });

  it('falls back at once when the queue is full instead of keeping a leg waiting, and asks again later', async () => {
    // Two requests a second and at most one second of queue: one goes now, two wait, the rest fall back.
    const logger = recordingLogger();
    const router = createOsrmLegRouter({ baseUrl: t.osrm.url, dataSource: t.dataSource, throttle: createOsrmThrottle(2, 1), logger });
    const started = performance.now();

    const answers = await Promise.all(
      drives(6).map(async (pair) => ({ leg: await router.route(pair), ms: performance.now() - started })),
    );

    expect(answers.map(({ leg }) => leg.fellBack)).toEqual([false, false, false, true, true, true]);
    for (const { leg, ms } of answers.slice(3)) {
      expect(leg).toMatchObject({ source: 'great-circle', geometry: null });
      expect(ms).toBeLessThan(300);
    }
    expect(answers[2].ms).toBeGreaterThanOrEqual(1000 - SLACK_MS);
    expect(warningMessage(logger)).toBe('OSRM request queue is full (1 s of requests waiting)');
    expect(t.osrm.requests).toHaveLength(3);
    expect((await router.cached(drives(6))).map((leg) => leg?.source ?? null)).toEqual(['osrm', 'osrm', 'osrm', null, null, null]);

    // Once the queue has room, a leg that fell back is asked of OSRM.
    expect(await router.route(drives(6)[3])).toMatchObject({ source: 'osrm', fellBack: false });
    expect(t.osrm.requests).toHaveLength(4);
  });
});
