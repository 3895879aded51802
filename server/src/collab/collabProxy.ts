/**
 * Forwards websocket upgrades under /collab/{tripId} to the trip's collab process, so the browser talks to one
 * origin and a trip's members meet on one process: the first process of the trip's ranking (rendezvous.ts) that
 * is up (collabHealth.ts). The raw HTTP upgrade request is replayed to that process and the two sockets are piped.
 *
 * While no collab process takes connections (one died and its supervisor is starting it again, or PostgreSQL keeps
 * it from starting), an upgrade is answered at once with 503, a Retry-After that grows with the outage (1 s, up to
 * 10 s) and "live editing is restarting" (JSON `{ error }`, as every refusal of the server), so clients back off
 * instead of hammering. A plain GET of a /collab/ address answers the same while it lasts (426 once a process is
 * up): a browser cannot read a refused upgrade's status, so the web client asks this way why its socket did not
 * open, and how long to wait.
 */
import type http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { messages } from '@caravan/shared';
import type { Logger } from '@caravan/engine';
import { watchCollabHealth, type CollabHealthOptions } from './collabHealth.ts';
import { rankCollabProcesses } from './rendezvous.ts';

const m = messages.liveEditing;

/** Retry-After while no collab process is up: 1 s at first, a second more per 5 s of outage, 10 s at most. */
const RETRY_AFTER_MIN_S = 1;
const RETRY_AFTER_MAX_S = 10;
const RETRY_AFTER_GROWS_EVERY_MS = 5000;

export interface CollabDoor {
  /** The http server's 'upgrade' listener. */
  upgrade: (request: http.IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Whether `request` is a plain request to the door (under /collab/), which `answer` then answers. */
  isDoorRequest: (request: http.IncomingMessage) => boolean;
  /** 503 with Retry-After while no collab process is up for the trip, 426 (use a websocket) otherwise. */
  answer: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  /** Stops the health probes. */
  stop: () => void;
}

const isDoorUrl = (url: string | undefined): url is string => !!url && url.startsWith('/collab/');

/** The key a trip is placed by: the last segment of the upgrade's path, as the collab server reads the trip id. */
function collabTripKey(url: string): string {
  return (url.split('?')[0].split('/').filter(Boolean).pop() ?? '').toLowerCase();
}

export function openCollabDoor(collabUrls: readonly string[], logger: Logger, healthOptions?: CollabHealthOptions): CollabDoor {
  const health = watchCollabHealth(collabUrls, logger, healthOptions);
  /** Since when every collab process refused a connection; null while one takes them. */
  let noneUpSince: number | null = null;

  /** The trip's processes that are up, in its order; all of them, in its order, when none is known to be up. */
  function candidates(tripKey: string): string[] {
    const ranked = rankCollabProcesses(tripKey, collabUrls);
    const up = ranked.filter(health.isUp);
    return up.length ? up : ranked;
  }

  /** A connection to the first of `urls` that takes one (those that refuse are marked down); null when none does. */
  function connectFirst(urls: string[]): Promise<{ url: string; upstream: net.Socket } | null> {
    return new Promise((resolve) => {
      const tryNext = (): void => {
        const url = urls.shift();
        if (!url) {
          noneUpSince ??= Date.now();
          return resolve(null);
        }
        const target = new URL(url);
        const upstream = net.connect(Number(target.port || 80), target.hostname);
        const onError = () => {
          // Nothing listens there (it died, or is being started again): the next process in the trip's ranking.
          health.markDown(url);
          upstream.destroy();
          tryNext();
        };
        upstream.once('error', onError);
        upstream.once('connect', () => {
          upstream.off('error', onError);
          noneUpSince = null;
          resolve({ url, upstream });
        });
      };
      tryNext();
    });
  }

  function retryAfterSeconds(): number {
    const downMs = noneUpSince === null ? 0 : Date.now() - noneUpSince;
    return Math.min(RETRY_AFTER_MAX_S, RETRY_AFTER_MIN_S + Math.floor(downMs / RETRY_AFTER_GROWS_EVERY_MS));
  }

  /** The refusal of an upgrade, as raw HTTP: its body is JSON `{ error }` like every other refusal of the server. */
  function restartingResponse(): string {
    const body = JSON.stringify({ error: m.restarting });
    return (
      'HTTP/1.1 503 Service Unavailable\r\n' +
      `Retry-After: ${retryAfterSeconds()}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body
    );
  }

  function upgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!isDoorUrl(request.url)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const headerLines: string[] = [];
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      headerLines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    }
    const replayed = `${request.method} ${request.url} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`;
    socket.on('error', () => socket.destroy());

    void connectFirst(candidates(collabTripKey(request.url))).then((connected) => {
      if (!connected) {
        if (!socket.destroyed) socket.end(restartingResponse());
        return;
      }
      const { upstream } = connected;
      if (socket.destroyed) return void upstream.destroy();
      upstream.write(replayed);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
      // It went down before answering: as good as not up (503). Once it answered, the websocket just ends.
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        if (!socket.destroyed && upstream.bytesRead === 0) socket.end(restartingResponse());
        else socket.destroy();
        upstream.destroy();
      };
      upstream.on('error', (error) => {
        logger.warn({ err: error }, 'collab upgrade forwarding failed');
        finish();
      });
      upstream.on('close', finish);
      socket.once('close', () => upstream.destroy());
    });
  }

  function answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    void connectFirst(candidates(collabTripKey(request.url ?? ''))).then((connected) => {
      connected?.upstream.destroy();
      const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
      if (connected) response.writeHead(426, { ...headers, upgrade: 'websocket' }).end(JSON.stringify({ error: m.upgradeRequired }));
      else response.writeHead(503, { ...headers, 'retry-after': String(retryAfterSeconds()) }).end(JSON.stringify({ error: m.restarting }));
    });
  }

  return { upgrade, isDoorRequest: (request) => isDoorUrl(request.url), answer, stop: health.stop };
}
