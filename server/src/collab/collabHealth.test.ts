import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@caravan/engine';
import { closeServer, listenLocally, unusedOrigin } from '@caravan/engine/test';
import { watchCollabHealth, type CollabHealth } from './collabHealth.ts';

let health: CollabHealth | null = null;
const servers: http.Server[] = [];
afterEach(async () => {
  health?.stop();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.splice(0).map(closeServer));
});

/** A collab process's health endpoint whose answer the test switches, counting the probes it gets. */
async function healthEndpoint() {
  const state = { status: 200, probes: 0, hang: false };
  const server = http.createServer((request, response) => {
    if (request.url !== '/healthz') return void response.writeHead(404).end();
    state.probes += 1;
    if (state.hang) return;
    response.writeHead(state.status).end('{}');
  });
  servers.push(server);
  return { url: await listenLocally(server), state };
}

const probesLater = (endpoint: { state: { probes: number } }, n: number) => {
  const target = endpoint.state.probes + n;
  return expect.poll(() => endpoint.state.probes >= target, { timeout: 3000, interval: 5 }).toBe(true);
};

describe('health of the collab processes', () => {
  it('takes a process as down after two failed probes, and as up again after one good one', async () => {
    const failing = await healthEndpoint();
    const other = await healthEndpoint();
    health = watchCollabHealth([failing.url, other.url], createLogger('silent'), { intervalMs: 50 });
    await probesLater(failing, 1);
    expect(health.isUp(failing.url)).toBe(true);

    failing.state.status = 503;
    const probedBefore = failing.state.probes;
    await expect.poll(() => health!.isUp(failing.url), { timeout: 3000, interval: 5 }).toBe(false);
    // One failed probe is a blip: it took a second one in a row.
    expect(failing.state.probes - probedBefore).toBeGreaterThanOrEqual(2);
    expect(health.isUp(other.url)).toBe(true);

    failing.state.status = 200;
    await expect.poll(() => health!.isUp(failing.url), { timeout: 3000, interval: 5 }).toBe(true);
  });

  it('takes a process that hangs (answers nothing within the timeout) as down', async () => {
    const hung = await healthEndpoint();
    hung.state.hang = true;
    health = watchCollabHealth([hung.url, await unusedOrigin()], createLogger('silent'), { intervalMs: 50, timeoutMs: 40 });
    await expect.poll(() => health!.isUp(hung.url), { timeout: 3000, interval: 5 }).toBe(false);
  });

  it('takes a process as down at once when an upgrade found nothing listening, until a probe answers', async () => {
    const endpoint = await healthEndpoint();
    health = watchCollabHealth([endpoint.url, await unusedOrigin()], createLogger('silent'), { intervalMs: 1000 });
    health.markDown(endpoint.url);
    expect(health.isUp(endpoint.url)).toBe(false);
    await expect.poll(() => health!.isUp(endpoint.url), { timeout: 3000, interval: 5 }).toBe(true);
  });
});
