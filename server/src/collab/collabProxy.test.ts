/**
 * The /collab/ door while no collab process is up (one died and is being started again): an upgrade is answered
 * 503 with Retry-After and "live editing is restarting", at once, and the wait it asks for grows with the outage;
 * a plain GET says the same, so a browser (which cannot read a refused upgrade) learns why. Once a process is up,
 * upgrades go through again.
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { messages } from '@caravan/shared';
import { createLogger } from '@caravan/engine';
import { closeServer, listenLocally, unusedOrigin } from '@caravan/engine/test';
import { openCollabDoor, type CollabDoor } from './collabProxy.ts';

const TRIP = '0b0a2c6e-8d1f-4c55-9d8e-3a1f2b4c5d6e';
let door: CollabDoor | null = null;
const servers: http.Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  door?.stop();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.splice(0).map(closeServer));
});

/** A main server whose only door is /collab/, forwarding to `collabUrl`. */
async function mainServer(collabUrl: string): Promise<string> {
  door = openCollabDoor([collabUrl], createLogger('silent'));
  const server = http.createServer((request, response) => (door!.isDoorRequest(request) ? door!.answer(request, response) : response.writeHead(404).end()));
  server.on('upgrade', door.upgrade);
  servers.push(server);
  return listenLocally(server);
}

/** The raw answer to a websocket upgrade of /collab/{trip}: status line and headers, and body. */
function upgradeAnswer(origin: string): Promise<{ head: string; body: string }> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () =>
      socket.write(
        `GET /collab/${TRIP} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body = ''] = answer.split('\r\n\r\n');
      resolve({ head, body });
    });
  });
}

const retryAfter = (head: string) => Number(head.match(/\r\nRetry-After: (\d+)/i)?.[1]);

describe('the /collab/ door while no collab process is up', () => {
  it('answers upgrades 503 with Retry-After and a clear message, waits longer as the outage lasts, and forwards again once one is up', async () => {
    const collabUrl = await unusedOrigin();
    const origin = await mainServer(collabUrl);

    const started = Date.now();
    const refused = await upgradeAnswer(origin);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.head).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(retryAfter(refused.head)).toBe(1);
    expect(JSON.parse(refused.body)).toEqual({ error: messages.liveEditing.restarting });

    const plain = await fetch(`${origin}/collab/${TRIP}`);
    expect(plain.status).toBe(503);
    expect(plain.headers.get('retry-after')).toBe('1');
    expect(await plain.json()).toEqual({ error: messages.liveEditing.restarting });

    // Half a minute later it asks for more; never more than 10 s.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    expect(retryAfter((await upgradeAnswer(origin)).head)).toBe(7);
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect(retryAfter((await upgradeAnswer(origin)).head)).toBe(10);
    vi.useRealTimers();

    // The collab process is back on its port: the same upgrade goes through.
    const collab = http.createServer((_request, response) => response.writeHead(404).end());
    const sockets = new WebSocketServer({ server: collab });
    sockets.on('connection', (socket) => socket.send('hello'));
    servers.push(collab);
    await new Promise<void>((resolve) => collab.listen(Number(new URL(collabUrl).port), '127.0.0.1', resolve));
    const client = new WebSocket(`${origin.replace('http', 'ws')}/collab/${TRIP}`);
    const first = await new Promise<string>((resolve, reject) => {
      client.once('message', (data) => resolve(data.toString()));
      client.once('error', reject);
    });
    expect(first).toBe('hello');
    client.close();
    sockets.close();
    expect((await fetch(`${origin}/collab/${TRIP}`)).status).toBe(426);
    // Up again: a later outage starts from 1 s.
    collab.closeAllConnections();
    await closeServer(collab);
    expect(retryAfter((await upgradeAnswer(origin)).head)).toBe(1);
  });
});
