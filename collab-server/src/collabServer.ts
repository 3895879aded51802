/**
 * The collab server: upgrade → admit (session, Origin, role, the account's open sockets and trips) → room → sync
 * and presence, each socket's messages paced by its inbox (per-connection, member, account and trip budgets, see
 * inbox.ts and rateLimits.ts). Listens to PostgreSQL for other processes' commits (applied to the rooms' documents,
 * so they reach members live) and for access changes (applied to open connections within the notification's
 * delivery time; each commit checks its writers' roles itself, see writerRoles.ts).
 * GET /healthz answers the API servers' health probes (server/src/collab/collabHealth.ts).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DataSource } from 'typeorm';
import { COLLAB_CLOSE, COLLAB_LIMITS, stateVector } from '@caravan/shared';
import {
  catchUpAsUpdate,
  createLegRouter,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnreachable,
  LegKeeper,
  type LegRouter,
  listenForNotifications,
  type LiveTripDoc,
  type Logger,
  readSessionToken,
  type StoredTripDoc,
  TRIP_DOC_CHANNEL,
  TripDocHub,
  tripMemberNames,
} from '@caravan/engine';
import { watchAccess } from './accessWatcher.ts';
import { admit, tripIdFromPath, type Admission } from './authenticate.ts';
import { Connection, syncStep2Message } from './connection.ts';
import { Inbox, RATE_LIMITED_REASON } from './inbox.ts';
import { PausedSessions } from './pausedSessions.ts';
import { HeldRefusals } from './heldRefusals.ts';
import { InboundLimits } from './rateLimits.ts';
import { OpenSockets, TOO_MANY_OPEN_REASON } from './openSockets.ts';
import { Room } from './room.ts';

export interface CollabServerOptions {
  dataSource: DataSource;
  databaseUrl: string;
  logger: Logger;
  port: number;
  host?: string;
  allowedOrigins: string[];
  pingIntervalMs?: number;
  /** Where drive legs come from (OSRM when configured); the embedded estimate otherwise. */
  legRouter?: LegRouter;
}

export interface RunningCollabServer {
  url: string;
  hub: TripDocHub;
  rooms: Map<string, Room>;
  legs: LegKeeper;
  /** Flushes every room, closes every socket (1012, reconnect) and stops listening. */
  close: () => Promise<void>;
}

export async function startCollabServer(options: CollabServerOptions): Promise<RunningCollabServer> {
  const { dataSource, logger } = options;
  const hub = new TripDocHub(dataSource, logger);
  const rooms = new Map<string, Room>();
  const reading = new Map<string, Promise<StoredTripDoc | null>>();
  const limits = new InboundLimits();
  const paused = new PausedSessions();
  const heldRefusals = new HeldRefusals();
  const openSockets = new OpenSockets();
  // Legs of members' edits are derived here, in the room, so they persist in order with the edits.
  const legs = new LegKeeper(
    {
      doc: async (tripId) => rooms.get(tripId)?.doc ?? null,
      write: async (tripId, change) => rooms.get(tripId)?.applyDerived(change),
    },
    options.legRouter ?? createLegRouter({ osrmUrl: undefined, osrmRequestsPerSecond: 1 }, dataSource, logger),
    logger,
  );

  function roomOf(live: LiveTripDoc): Room {
    const room = new Room(
      live,
      hub,
      logger,
      (empty) => {
        rooms.delete(empty.tripId);
        empty.destroy();
      },
      (edited, legsToCheck) => legs.schedule(edited.tripId, legsToCheck),
    );
    rooms.set(live.tripId, room);
    legs.schedule(live.tripId);
    return room;
  }

  /** The trip's room, or for a trip not loaded here its stored bytes (read once however many join at once). */
  async function prepareRoom(tripId: string): Promise<Room | StoredTripDoc | null> {
    const room = rooms.get(tripId);
    if (room) return room;
    let pending = reading.get(tripId);
    if (!pending) {
      pending = hub.readStored(tripId).finally(() => reading.delete(tripId));
      reading.set(tripId, pending);
    }
    return pending;
  }

  /**
   * Joins `ws` to the trip's room. A cold join is answered from the stored bytes first: they go out as sync
   * step 2 before this process loads its own copy, so the client applies them while the server does.
   */
  function join(ws: WebSocket, admission: Admission, prepared: Room | StoredTripDoc, members: ReadonlyMap<number, string>): Connection {
    let room = prepared instanceof Room ? prepared : rooms.get(admission.tripId);
    let sent: Map<number, number> | null = null;
    if (!room) {
      const stored = prepared as StoredTripDoc;
      ws.send(syncStep2Message(catchUpAsUpdate(stored.caught)));
      room = roomOf(hub.openFrom(stored));
      sent = stateVector(room.doc);
      // A commit NOTIFYed between the read and now found no room to apply it to: read what came since.
      void hub.catchUp(room.tripId).catch((error) => logger.warn({ err: error, tripId: room!.tripId }, 'catch-up failed'));
    }
    room.members = members;
    const connection = new Connection(ws, admission.user, admission.sessionHash, admission.role, room);
    if (sent) connection.alreadySent(sent);
    const inbox = new Inbox(ws, connection, { connectionId: connection.id, tripId: room.tripId, userId: admission.user.id }, limits);
    ws.binaryType = 'nodebuffer';
    ws.on('message', (data: Buffer) => inbox.receive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
    ws.on('pong', () => (connection.alive = true));
    ws.on('error', () => connection.close(COLLAB_CLOSE.malformed, 'Socket error'));
    const joined = room;
    ws.on('close', () => joined.leave(connection));
    joined.join(connection);
    return connection;
  }

  const access = watchAccess(dataSource, rooms, logger);
  const listener = listenForNotifications(
    options.databaseUrl,
    {
      [TRIP_DOC_CHANNEL]: (payload) => {
        const [tripId, id] = payload.split(':');
        if (!rooms.has(tripId)) return;
        void hub.catchUp(tripId, BigInt(id)).catch((error) => logger.warn({ err: error, tripId }, 'catch-up failed'));
      },
      ...access.handlers,
    },
    {
      logger,
      onReconnect: () => {
        for (const tripId of rooms.keys()) void hub.catchUp(tripId).catch(() => {});
        void access.recheckAll();
      },
    },
  );
  await listener.ready;

  const wss = new WebSocketServer({ noServer: true, maxPayload: COLLAB_LIMITS.maxPayloadBytes });
  const instance = randomUUID();
  let closing = false;
  const httpServer = http.createServer((request, response) => {
    // The API servers' health probe (server/src/collab/collabHealth.ts); a process shutting down answers 503.
    if (request.method === 'GET' && request.url === '/healthz') {
      const connections = [...rooms.values()].reduce((sum, room) => sum + room.connections.size, 0);
      response.writeHead(closing ? 503 : 200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return void response.end(JSON.stringify({ instance, rooms: rooms.size, connections }));
    }
    response.writeHead(426, { 'content-type': 'text/plain' }).end('Caravan collab server: websocket only');
  });

  httpServer.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    // This session was already told (close 4008) to wait: no handshake, no database work, until the pause ends.
    const pausedForMs = paused.pausedForMs(readSessionToken(request.headers.cookie), tripIdFromPath(request.url));
    if (pausedForMs > 0) return heldRefusals.refuse(socket, pausedForMs);
    admit(dataSource, request, options.allowedOrigins)
      .then(async (result) => {
        if (!result.ok && result.httpStatus) {
          socket.end(`HTTP/1.1 ${result.httpStatus} ${http.STATUS_CODES[result.httpStatus]}\r\nConnection: close\r\n\r\n`);
          return;
        }
        const admission = result.ok ? result.admission : null;
        // A member whose socket was just closed for flooding waits out the pause (rateLimits.ts).
        const refusedForMs = admission ? await limits.refusedForMs({ tripId: admission.tripId, userId: admission.user.id }) : 0;
        if (admission && refusedForMs > 0) paused.pause(admission.sessionHash, admission.tripId, refusedForMs);
        const refused = refusedForMs > 0;
        // Counted from here, before the trip is read, so a burst of joins cannot read hundreds of trips first.
        const release = admission && !refused ? openSockets.open(admission.user.id, admission.tripId) : null;
        if (release) socket.once('close', release);
        // Gone while it was being admitted: its 'close' event has been and gone.
        if (socket.destroyed) release?.();
        const [prepared, members] =
          admission && release ? await Promise.all([prepareRoom(admission.tripId), tripMemberNames(dataSource, admission.tripId)]) : [null, null];
        wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
          if (!result.ok) return ws.close(result.code, result.reason);
          if (refused) return ws.close(COLLAB_CLOSE.rateLimited, RATE_LIMITED_REASON);
          if (!release) return ws.close(COLLAB_CLOSE.tooManyOpen, TOO_MANY_OPEN_REASON);
          if (!prepared) return ws.close(COLLAB_CLOSE.notFound, 'Trip not found');
          join(ws, result.admission, prepared, members!);
        });
      })
      .catch((error) => {
        // PostgreSQL out of reach (the session, the trip or its members could not be read): the client tries again.
        const unreachable = isDatabaseUnreachable(error);
        logger[unreachable ? 'warn' : 'error']({ err: error }, unreachable ? 'collab upgrade failed: database unreachable' : 'collab upgrade failed');
        socket.end(`HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${DATABASE_RETRY_AFTER_SECONDS}\r\nConnection: close\r\n\r\n`);
      });
  });

  const pingTimer = setInterval(() => {
    for (const room of rooms.values()) {
      for (const connection of room.connections) {
        if (!connection.alive) {
          connection.socket.terminate();
          room.leave(connection);
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    }
  }, options.pingIntervalMs ?? COLLAB_LIMITS.pingIntervalMs);
  pingTimer.unref();

  await new Promise<void>((resolve) => httpServer.listen(options.port, options.host ?? '0.0.0.0', resolve));
  const { port } = httpServer.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}`,
    hub,
    rooms,
    legs,
    close: async () => {
      closing = true;
      clearInterval(pingTimer);
      await legs.stop();
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await Promise.all([...rooms.values()].map((room) => room.flush()));
      await hub.drain();
      for (const room of rooms.values()) {
        room.closeAll(COLLAB_CLOSE.restarting, 'Server restarting');
        room.destroy();
      }
      rooms.clear();
      httpServer.closeAllConnections();
      heldRefusals.dropAll();
      await stopped;
      await listener.close();
      wss.close();
    },
  };
}
