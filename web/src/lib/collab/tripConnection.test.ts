import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as awarenessProtocol from 'y-protocols/awareness';
import { addStop, COLLAB_MESSAGE_ACK, orderedStops } from '@caravan/shared';
import { openTripConnection, type TripConnection } from './tripConnection.ts';

/**
 * A stand-in collab server speaking the y-websocket protocol plus our ack: one document, sync answered,
 * updates fanned out to the other sockets, and (unless `acks` is off) an ack to every socket after each
 * applied update and after answering sync step 1, like the real server after each commit. While `restarting`
 * is set it is the main server's door with no collab process up: upgrades and plain GETs get 503 and Retry-After.
 */
async function startStandIn() {
  const doc = new Y.Doc();
  const awareness = new awarenessProtocol.Awareness(doc);
  awareness.setLocalState(null);
  const server = new WebSocketServer({ noServer: true });
  const restartingAnswer = (retryAfter: number) =>
    `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${retryAfter}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
  const door = http.createServer((_request, response) => {
    standIn.asked++;
    if (standIn.restarting) response.writeHead(503, { 'retry-after': String(standIn.retryAfter) }).end();
    else response.writeHead(426).end();
  });
  door.on('upgrade', (request, socket, head) => {
    standIn.upgrades++;
    if (standIn.restarting) return void socket.end(restartingAnswer(standIn.retryAfter));
    server.handleUpgrade(request, socket, head, (webSocket) => server.emit('connection', webSocket, request));
  });
  await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<WebSocket>();
  const standIn = {
    doc,
    acks: true,
    paths: [] as string[],
    restarting: false,
    retryAfter: 3,
    /** Upgrades tried, refused ones included, and plain GETs of the door. */
    upgrades: 0,
    asked: 0,
    url: `ws://127.0.0.1:${(door.address() as { port: number }).port}/collab`,
    sendAck() {
      const message = frame(COLLAB_MESSAGE_ACK, (encoder) => encoding.writeVarUint8Array(encoder, Y.encodeSnapshot(Y.snapshot(doc))));
      for (const socket of sockets) socket.send(message);
    },
    closeAll(code: number, reason: string) {
      for (const socket of sockets) socket.close(code, reason);
    },
    stop: async () => {
      for (const socket of sockets) socket.terminate();
      await new Promise((resolve) => server.close(resolve));
      door.closeAllConnections();
      await new Promise((resolve) => door.close(resolve));
    },
  };
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    const message = frame(0, (encoder) => syncProtocol.writeUpdate(encoder, update));
    for (const socket of sockets) if (socket !== origin) socket.send(message);
    if (standIn.acks) standIn.sendAck();
  });
  awareness.on('update', ({ added, updated, removed }: Record<string, number[]>) => {
    const update = awarenessProtocol.encodeAwarenessUpdate(awareness, [...added, ...updated, ...removed]);
    for (const socket of sockets) socket.send(frame(1, (encoder) => encoding.writeVarUint8Array(encoder, update)));
  });
  server.on('connection', (socket: WebSocket, request: http.IncomingMessage) => {
    standIn.paths.push(request.url ?? '');
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.send(frame(0, (encoder) => syncProtocol.writeSyncStep1(encoder, doc)));
    socket.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      const type = decoding.readVarUint(decoder);
      if (type === 1) awarenessProtocol.applyAwarenessUpdate(awareness, decoding.readVarUint8Array(decoder), socket);
      if (type !== 0) return;
      const reply = encoding.createEncoder();
      encoding.writeVarUint(reply, 0);
      const syncType = syncProtocol.readSyncMessage(decoder, reply, doc, socket);
      if (encoding.length(reply) > 1) socket.send(encoding.toUint8Array(reply));
      if (syncType === syncProtocol.messageYjsSyncStep1 && standIn.acks) standIn.sendAck();
    });
  });
  return standIn;
}

function frame(type: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stopNames = (connection: TripConnection) => orderedStops(connection.doc).map((stop) => stop.name);

describe('trip connection', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  const opened: TripConnection[] = [];

  async function connect(userId = 1): Promise<TripConnection> {
    const connection = openTripConnection({
      tripId: 'trip-1',
      userId,
      url: standIn.url,
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      persist: false,
    });
    opened.push(connection);
    await waitFor(() => connection.status.getState().synced);
    return connection;
  }

  beforeEach(async () => {
    standIn = await startStandIn();
  });

  afterEach(async () => {
    for (const connection of opened.splice(0)) connection.destroy();
    await standIn.stop();
  });

  it('connects to /collab/{tripId} and brings a stop added in one tab to another', async () => {
    const [left, right] = [await connect(1), await connect(2)];
    expect(standIn.paths).toEqual(['/collab/trip-1', '/collab/trip-1']);
    left.transact(() => addStop(left.doc, 's1', { name: 'Moab' }));
    await waitFor(() => stopNames(right).includes('Moab'));
    expect(stopNames(right)).toEqual(['Moab']);
    expect(right.status.getState().connection).toBe('online');
  });

  it('shows Saving… until the server acknowledges the edit, then Saved', async () => {
    const connection = await connect();
    await waitFor(() => connection.status.getState().save === 'saved');
    const seen: string[] = [];
    connection.status.subscribe((state) => seen.push(state.save));
    connection.transact(() => addStop(connection.doc, 's1', { name: 'Moab' }));
    await waitFor(() => connection.status.getState().save === 'saved');
    expect(seen).toEqual(['saving', 'saved']);
  });

  it('keeps showing Saving… while the server withholds the ack', async () => {
    standIn.acks = false;
    const connection = await connect();
    connection.transact(() => addStop(connection.doc, 's1', { name: 'Moab' }));
    await waitFor(() => standIn.doc.getMap('stops').has('s1'));
    await sleep(300);
    expect(connection.status.getState().save).toBe('saving');
    standIn.sendAck();
    await waitFor(() => connection.status.getState().save === 'saved');
  });

  it("does not wait for acks of other members' edits", async () => {
    standIn.acks = false;
    const [me, other] = [await connect(1), await connect(2)];
    other.transact(() => addStop(other.doc, 's1', { name: 'Moab' }));
    await waitFor(() => stopNames(me).includes('Moab'));
    expect(me.status.getState().save).toBe('saved');
    expect(other.status.getState().save).toBe('saving');
  });

  it("undoes this tab's own edit and keeps the other member's", async () => {
    const [me, other] = [await connect(1), await connect(2)];
    me.transact(() => addStop(me.doc, 'mine', { name: 'Moab' }));
    await waitFor(() => stopNames(other).includes('Moab'));
    other.transact(() => addStop(other.doc, 'theirs', { name: 'Zion' }));
    await waitFor(() => stopNames(me).includes('Zion'));
    me.undoManager.undo();
    expect(stopNames(me)).toEqual(['Zion']);
    await waitFor(() => !stopNames(other).includes('Moab'));
    expect(stopNames(other)).toEqual(['Zion']);
    me.undoManager.redo();
    await waitFor(() => stopNames(other).includes('Moab'));
  });

  it('stops for good when the server says the trip is not found', async () => {
    const connection = await connect();
    standIn.closeAll(4404, 'Trip not found');
    await waitFor(() => connection.status.getState().closedReason !== null);
    expect(connection.status.getState()).toMatchObject({
      closedReason: { code: 4404, reason: 'Trip not found' },
      connection: 'offline',
      save: 'offline',
    });
    await sleep(1500);
    expect(standIn.paths).toHaveLength(1);
  });

  it.each([1012, 4429])('reconnects after close code %i and sends the edits made meanwhile', async (code) => {
    const connection = await connect();
    // Edit the moment the socket is gone, before any reconnect timer can fire (the jitter may pick 0 ms).
    let saveRightAfterEdit: string | undefined;
    const unsubscribe = connection.status.subscribe((state, previous) => {
      if (state.connection === 'offline' && previous.connection !== 'offline') {
        connection.transact(() => addStop(connection.doc, 's1', { name: 'Moab' }));
        saveRightAfterEdit = connection.status.getState().save;
      }
    });
    standIn.closeAll(code, 'Restarting');
    await waitFor(() => stopNames(connection).includes('Moab'));
    expect(saveRightAfterEdit).toBe('offline');
    unsubscribe();
    await waitFor(() => standIn.paths.length === 2 && connection.status.getState().save === 'saved');
    expect(standIn.doc.getMap('stops').has('s1')).toBe(true);
    expect(connection.status.getState()).toMatchObject({ connection: 'online', closedReason: null });
  });

  it('says live editing is restarting when the door refuses the socket, stays away as long as it asks, then comes back by itself', async () => {
    const connection = await connect();
    standIn.restarting = true;
    standIn.closeAll(1012, 'Restarting');
    await waitFor(() => connection.status.getState().liveEditingRestarting);
    expect(connection.status.getState()).toMatchObject({ connection: 'offline', save: 'offline', closedReason: null });
    expect(standIn.asked).toBeGreaterThanOrEqual(1);

    // Retry-After 3: no new try for the next 1.5 s (a try already under way when the answer came may still land).
    await sleep(200);
    const tries = standIn.upgrades;
    await sleep(1500);
    expect(standIn.upgrades).toBe(tries);

    connection.transact(() => addStop(connection.doc, 's1', { name: 'Moab' }));
    standIn.restarting = false;
    await waitFor(() => connection.status.getState().save === 'saved', 10_000);
    expect(connection.status.getState()).toMatchObject({ connection: 'online', liveEditingRestarting: false });
    expect(standIn.doc.getMap('stops').has('s1')).toBe(true);
  });

  it('shares what this member is dragging with the others', async () => {
    const [me, other] = [await connect(1), await connect(2)];
    me.setDragging('s1');
    await waitFor(() => other.awareness.getStates().get(me.doc.clientID)?.dragging === 's1');
  });
});
