/**
 * Forwards websocket upgrades under /collab/{tripId} to the trip's collab process, so the browser talks to one
 * origin and a trip's members meet on one process: the first process of the trip's ranking (rendezvous.ts) that
 * is up (collabHealth.ts). The raw HTTP upgrade request is replayed to that process and the two sockets are piped.
 */
import type http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '@caravan/engine';
import { watchCollabHealth, type CollabHealthOptions } from './collabHealth.ts';
import { rankCollabProcesses } from './rendezvous.ts';

/** The key a trip is placed by: the last segment of the upgrade's path, as the collab server reads the trip id. */
function collabTripKey(url: string): string {
  return (url.split('?')[0].split('/').filter(Boolean).pop() ?? '').toLowerCase();
}

/** Starts forwarding; returns the stop of the health probes. */
export function forwardCollabUpgrades(
  httpServer: http.Server,
  collabUrls: readonly string[],
  logger: Logger,
  healthOptions?: CollabHealthOptions,
): () => void {
  const health = watchCollabHealth(collabUrls, logger, healthOptions);

  /** The trip's processes that are up, in its order; all of them, in its order, when none is known to be up. */
  function candidates(tripKey: string): string[] {
    const ranked = rankCollabProcesses(tripKey, collabUrls);
    const up = ranked.filter(health.isUp);
    return up.length ? up : ranked;
  }

  httpServer.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!request.url?.startsWith('/collab/')) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const headerLines: string[] = [];
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      headerLines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    }
    const replayed = `${request.method} ${request.url} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`;
    const remaining = candidates(collabTripKey(request.url));
    socket.on('error', () => socket.destroy());

    const tryNext = (): void => {
      const url = remaining.shift()!;
      const target = new URL(url);
      const upstream = net.connect(Number(target.port || 80), target.hostname, () => {
        upstream.write(replayed);
        if (head.length) upstream.write(head);
        upstream.pipe(socket).pipe(upstream);
      });
      let connected = false;
      upstream.once('connect', () => (connected = true));
      upstream.on('error', (error) => {
        // Nothing listens there (it died since the last probe): the next process in the trip's ranking takes it.
        if (!connected && !socket.destroyed && remaining.length) {
          health.markDown(url);
          upstream.destroy();
          return tryNext();
        }
        logger.warn({ err: error }, 'collab upgrade forwarding failed');
        if (!socket.destroyed && upstream.bytesRead === 0) socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
        socket.destroy();
        upstream.destroy();
      });
      upstream.on('close', () => {
        if (connected) socket.destroy();
      });
      socket.once('close', () => upstream.destroy());
    };
    tryNext();
  });
  return health.stop;
}
