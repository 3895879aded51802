import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { useTestServer } from '../test/useTestServer.ts';

const t = useTestServer();

/** Sends raw bytes and reads the whole answer (the server closes the connection after a refusal). */
function rawRequest(bytes: string): Promise<string> {
  const { port } = new URL(t.server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(bytes));
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('requests the HTTP parser refuses', () => {
  it('answers an address past the header limit with 431 and a JSON error, and keeps serving', async () => {
    const response = await fetch(`${t.server.url}/_api/invitations/list?tripId=${'%EF%BF%BD'.repeat(2000)}`);
    expect(response.status).toBe(431);
    expect((await response.json()).error).toBe(messages.common.requestTooLong);
    expect((await fetch(`${t.server.url}/_api/config`)).status).toBe(200);
  });

  it('answers an unreadable request line with 400 and a JSON error', async () => {
    const answer = await rawRequest('GET /\0 HTTP/1.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer).error).toBe(messages.common.malformedRequest);
  });
});
