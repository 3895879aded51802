/** The cold-join scenario's building blocks: a long history of moves, one timed join, and waiting for a room to unload. */
import * as Y from 'yjs';
import type { DataSource } from 'typeorm';
import { WebsocketProvider } from 'y-websocket';
import { orderedStops } from '@caravan/shared';
import { readCatchUp } from '@caravan/engine';
import { socketWithCookie } from '@caravan/collab-server/test';
import { BenchClient, now, random, type ClientSpec } from '../client.ts';
import type { Child } from '../children.ts';
import { HISTORY_MOVES, sleep } from '../options.ts';

/** 5 clients make HISTORY_MOVES moves as fast as the server takes them, then wait until all are acknowledged. */
export async function makeHistory(url: string, specs: ClientSpec[]): Promise<BenchClient[]> {
  const clients = specs.map((spec) => new BenchClient({ ...spec, serverUrl: url }));
  await Promise.all(clients.map((client) => client.connect()));
  const next = random(20261123);
  for (let move = 0; move < HISTORY_MOVES; move++) {
    clients[move % clients.length].move(next, false);
    // Small pauses keep the socket buffers shallow, like people dragging stops in quick succession.
    if (move % 25 === 24) await sleep(2);
  }
  const deadline = Date.now() + 120_000;
  while (!clients.every((client) => client.allAcked) && Date.now() < deadline) await sleep(20);
  return clients;
}

export async function timeJoin(spec: ClientSpec): Promise<{ openMs: number; syncMs: number; applyMs: number; docBytes: number; stops: number }> {
  const client = new BenchClient(spec);
  const times = await client.connect();
  const docBytes = Y.encodeStateAsUpdate(client.doc).byteLength;
  const stops = orderedStops(client.doc).length;
  client.close();
  return { ...times, docBytes, stops };
}

/** The same cold join through y-websocket's WebsocketProvider (the web app's client), as a cross-check. */
export async function timeYWebsocketJoin(url: string, tripId: string, cookie: string): Promise<number> {
  const doc = new Y.Doc();
  const start = now();
  const provider = new WebsocketProvider(url, tripId, doc, { WebSocketPolyfill: socketWithCookie(cookie) as never, disableBc: true });
  provider.messageHandlers[100] = () => {}; // Caravan's ack: the web app's collab client reads it, not needed here.
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  const elapsed = now() - start;
  provider.destroy();
  doc.destroy();
  return elapsed;
}

export async function waitUnloaded(server: Child, room: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const rooms = await server.call<string[]>({ cmd: 'query', what: 'rooms' });
    if (!rooms.includes(room)) return;
    await sleep(25);
  }
  throw new Error(`room ${room} did not unload`);
}

/** What hub.open does, step by step, redone 10 times in this process (warm code, same database). */
export async function redoLoads(dataSource: DataSource, tripId: string) {
  const loadRead: number[] = [];
  const loadApply: number[] = [];
  const loadApplyRows: number[] = [];
  const loadEncode: number[] = [];
  for (let round = 0; round < 10; round++) {
    const readStart = now();
    const caught = await readCatchUp(dataSource, tripId, -1n);
    loadRead.push(now() - readStart);
    const applyStart = now();
    const doc = new Y.Doc();
    if (caught?.state) Y.applyUpdate(doc, caught.state);
    const rowsStart = now();
    for (const row of caught?.rows ?? []) Y.applyUpdate(doc, row.update);
    loadApply.push(now() - applyStart);
    loadApplyRows.push(now() - rowsStart);
    const encodeStart = now();
    Y.encodeStateAsUpdate(doc);
    loadEncode.push(now() - encodeStart);
    doc.destroy();
  }
  return { loadRead, loadApply, loadApplyRows, loadEncode };
}
