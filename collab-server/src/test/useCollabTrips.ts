/** The collab server fixture as the collab tests use it: trips with members, clients closed after each test, bare sockets. */
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { DataSource } from 'typeorm';
import * as Y from 'yjs';
import { orderedStops } from '@caravan/shared';
import { createLogger, TripDocHub } from '@caravan/engine';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { connectClient, socketWithCookie, type TestClient } from './collabClient.ts';
import { TEST_ORIGIN, useCollabServer } from './useCollabServer.ts';

export const stopNames = (doc: Y.Doc) => orderedStops(doc).map((stop) => stop.name);
export const hasStops = (client: TestClient, ...names: string[]) => names.every((name) => stopNames(client.doc).includes(name));

/** A new owner's trip, with a new user in each of `roles`. */
export async function buildTripWith(dataSource: DataSource, roles: Array<'editor' | 'viewer'>) {
  const owner = await buildUser(dataSource);
  const trip = await buildTrip(dataSource, owner);
  const members = [];
  for (const role of roles) {
    const user = await buildUser(dataSource);
    await addMember(dataSource, trip, user, role);
    members.push(user);
  }
  return { owner, trip, members };
}

export function useCollabTrips() {
  const t = useCollabServer();
  /** Clients `connect` opened; each test's are destroyed after it. A test that destroys its own takes them out. */
  const clients: TestClient[] = [];
  afterEach(() => {
    for (const client of clients) client.destroy();
    clients.length = 0;
  });

  const tripWith = (roles: Array<'editor' | 'viewer'>) => buildTripWith(t.dataSource, roles);

  async function connect(tripId: string, user: Parameters<typeof t.cookieFor>[0]) {
    const client = connectClient(t.collab.url, tripId, await t.cookieFor(user));
    clients.push(client);
    await client.synced();
    return client;
  }

  const serverDoc = (tripId: string) => t.collab.rooms.get(tripId)!.doc;

  /** The trip as a fresh process would load it from PostgreSQL. */
  async function persistedStops(tripId: string) {
    const live = await new TripDocHub(t.dataSource, createLogger('silent')).open(tripId);
    return orderedStops(live!.doc);
  }

  /** A bare websocket: what it received and how it closed ('open' if still open after a while). */
  async function rawSocket(tripId: string, cookie: string | null, waitOpen = false) {
    const socket = new (socketWithCookie(cookie, TEST_ORIGIN))(`${t.collab.url}/${tripId}`);
    const messages: Uint8Array[] = [];
    let closedWith: number | null = null;
    socket.on('message', (data: Buffer) => messages.push(new Uint8Array(data)));
    socket.on('error', () => {});
    const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve((closedWith = code))));
    if (waitOpen) await new Promise((resolve) => socket.once('open', resolve));
    const close = Promise.race([
      closed,
      new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 1500)),
    ]).then((value) => closedWith ?? value);
    // Members get the server's greeting; that is not what these checks count.
    return { socket: socket as WebSocket, messages: waitOpen ? [] : messages, close };
  }

  return { t, clients, tripWith, connect, serverDoc, persistedStops, rawSocket };
}
