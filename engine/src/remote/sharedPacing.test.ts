/**
 * One pace per public service for every process on the database: two processes' requests (two connection pools on one
 * database) leave no closer than the rate allows, together; a wait past the queue's length is refused at once and
 * reserves nothing; a 429 to one process holds the others off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../db/dataSource.ts';
import { createTestDatabase } from '../test/testDatabase.ts';
import { startOpenMeteoStandIn } from '../test/openMeteoStandIn.ts';
import { createRemoteProviders } from './remoteProviders.ts';
import { createRequestQueue } from './requestQueue.ts';

/** Timers may fire a millisecond early; nothing else may. */
const SLACK_MS = 3;

let apiProcess: DataSource;
let collabProcess: DataSource;
beforeAll(async () => {
  const url = await createTestDatabase();
  [apiProcess, collabProcess] = await Promise.all([createDataSource(url, 2).initialize(), createDataSource(url, 2).initialize()]);
});
afterAll(async () => {
  await apiProcess?.destroy();
  await collabProcess?.destroy();
});

/** Measured from before the first request: a request may leave a few ms after its slot when the event loop is busy (so
 * its gap to the next can be shorter), but none leaves before its turn: the k-th no sooner than k / rate s. */
const expectPaced = (left: number[], rate: number) =>
  [...left].sort((a, b) => a - b).forEach((at, k) => expect(at).toBeGreaterThanOrEqual((k * 1000) / rate - SLACK_MS));

describe('a shared pace', () => {
  it("spaces two processes' requests to the one rate together", async () => {
    const rate = 20;
    const queues = [apiProcess, collabProcess].map((db) => createRequestQueue('Photon', rate, 2, { db, key: 'Photon pacing.test' }));
    const started = performance.now();
    const left: number[] = [];
    await Promise.all(Array.from({ length: 10 }, (_, k) => queues[k % 2].take().then(() => left.push(performance.now() - started))));
    expect(left).toHaveLength(10);
    expectPaced(left, rate);
  });

  it('refuses at once past the longest wait, reserving nothing, so the next request is not pushed back', async () => {
    // Two a second, at most one second of waiting: now, +0.5 s and +1 s go; a fourth would wait 1.5 s.
    const queues = [apiProcess, collabProcess].map((db) => createRequestQueue('Overpass', 2, 1, { db, key: 'Overpass pacing.test' }));
    const started = performance.now();
    const accepted = [0, 1, 2].map((k) => queues[k % 2].take().then(() => performance.now() - started));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(queues[1].take()).rejects.toThrow('Overpass request queue is full (1 s of requests waiting)');
    expect(performance.now() - started).toBeLessThan(400);
    expectPaced(await Promise.all(accepted), 2);
    // The refused one took no slot: the next goes half a second after the third, not a second.
    await queues[0].take();
    expect(performance.now() - started).toBeLessThan(1500 + 250);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500 - SLACK_MS);
  });

  it('keeps each service and host to its own pace', async () => {
    // A rate whose interval is no whole number of milliseconds (1000 / 3).
    const photon = createRequestQueue('Photon', 3, 5, { db: apiProcess, key: 'Photon a.test' });
    const other = createRequestQueue('Photon', 1, 5, { db: collabProcess, key: 'Photon b.test' });
    await photon.take();
    const started = performance.now();
    await other.take();
    expect(performance.now() - started).toBeLessThan(250);
    await photon.take();
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000 / 3 - 250);
  });

  it("holds every process off when the service answers one of them 429: the others fall back at once, asking nothing", async () => {
    const openMeteo = await startOpenMeteoStandIn();
    try {
      const config = {
        providers: 'auto' as const,
        publicOrigin: 'https://trips.example.org',
        geocoderUrl: undefined,
        geocoderRequestsPerSecond: 2,
        osrmUrl: undefined,
        overpassUrl: undefined,
        overpassRequestsPerSecond: 1,
        exchangeRatesUrl: undefined,
        weatherUrl: openMeteo.forecastUrl,
        weatherRequestsPerSecond: 5,
      };
      const [api, collab] = [apiProcess, collabProcess].map((db) => createRemoteProviders(config, undefined, undefined, db).weather!);
      const ask = `${openMeteo.forecastUrl}?latitude=46.5&longitude=7.5&daily=temperature_2m_max&timezone=Europe%2FZurich`;
      expect((await collab.fetch(ask)).status).toBe(200);
      openMeteo.tooMany = true;
      expect((await api.fetch(ask)).status).toBe(429);
      expect(openMeteo.requests).toHaveLength(2);
      // Its Retry-After is two minutes: the other process's next request is refused by the pace, not sent.
      const started = performance.now();
      await expect(collab.fetch(ask)).rejects.toThrow('Open-Meteo request queue is full');
      expect(performance.now() - started).toBeLessThan(500);
      expect(openMeteo.requests).toHaveLength(2);
    } finally {
      await openMeteo.close();
    }
  });
});
