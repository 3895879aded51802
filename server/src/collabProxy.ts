/**
 * Forwards websocket upgrades under /collab/ to the collab server, so the browser talks to one origin.
 * The raw HTTP upgrade request is replayed to the collab server and the two sockets are piped.
 */
import type http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '@caravan/engine';

export function forwardCollabUpgrades(httpServer: http.Server, collabUrl: string, logger: Logger): void {
  const target = new URL(collabUrl);
  httpServer.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!request.url?.startsWith('/collab/')) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const upstream = net.connect(Number(target.port || 80), target.hostname, () => {
      const headerLines: string[] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        headerLines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    const closeBoth = (error?: Error) => {
      if (error) logger.warn({ err: error }, 'collab upgrade forwarding failed');
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('error', (error) => {
      if (!socket.destroyed && upstream.bytesRead === 0) {
        socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
      }
      closeBoth(error);
    });
    socket.on('error', () => closeBoth());
    upstream.on('close', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  });
}
