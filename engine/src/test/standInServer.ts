/** Pieces for tests of the outside-service providers (Photon, Overpass, OSRM) against local stand-ins. */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Starts `server` on a free port of 127.0.0.1; resolves with its origin. */
export async function listenLocally(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export const closeServer = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** An origin nothing listens at: a port that was free a moment ago. */
export async function unusedOrigin(): Promise<string> {
  const closed = http.createServer();
  const origin = await listenLocally(closed);
  await closeServer(closed);
  return origin;
}

/** A stand-in's answer: `status` with a JSON body. */
export const answerWith = (status: number, body: string) => (response: http.ServerResponse) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(body);

/** A logger that keeps its warnings. */
export function recordingLogger() {
  const warnings: unknown[][] = [];
  return { warnings, warn: (...args: unknown[]) => void warnings.push(args) };
}

/** The message of the error in the first warning logged. */
export const warningMessage = (logger: ReturnType<typeof recordingLogger>) => (logger.warnings[0][0] as { err: Error }).err.message;

/**
 * An origin that takes connections and never answers (as a blackholed address looks from here): a request to it
 * waits for its caller's timeout. `close` drops the held connections.
 */
export async function silentOrigin(): Promise<{ url: string; close: () => Promise<void> }> {
  const held = new Set<Socket>();
  const server = http.createServer();
  server.on('connection', (socket) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
  });
  // Requests arrive and are never answered.
  server.on('request', () => {});
  const url = await listenLocally(server);
  return {
    url,
    close: async () => {
      for (const socket of held) socket.destroy();
      await closeServer(server);
    },
  };
}
