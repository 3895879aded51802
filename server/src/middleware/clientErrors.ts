/**
 * Requests Node's HTTP parser refuses before Koa sees them (an address or headers past its 16 KB limit, a request
 * line it cannot read) get a JSON error like every other refusal, instead of Node's bare status line with no body.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { messages } from '@caravan/shared';

const HEADERS_TOO_LARGE = 'HPE_HEADER_OVERFLOW';

function answer(status: number, reason: string, error: string): string {
  const body = JSON.stringify({ error });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

export function answerClientErrors(server: http.Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A socket reset or timed out mid-request has no one left to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const reply =
      error.code === HEADERS_TOO_LARGE
        ? answer(431, 'Request Header Fields Too Large', messages.common.requestTooLong)
        : answer(400, 'Bad Request', messages.common.malformedRequest);
    socket.end(reply);
  });
}
