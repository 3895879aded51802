import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HeldRefusals } from './heldRefusals.ts';

const servers: net.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A real TCP server whose every connection is refused through `refusals`; resolves with its port. */
async function refusingServer(refusals: HeldRefusals, pausedForMs: number): Promise<number> {
  const server = net.createServer((socket) => refusals.refuse(socket, pausedForMs));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** Connects and reads until the server ends the connection: the answer and how long it took. */
function answerOf(port: number): Promise<{ text: string; afterMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let text = '';
    const client = net.connect(port, '127.0.0.1');
    client.on('data', (chunk) => (text += chunk));
    client.on('end', () => resolve({ text, afterMs: performance.now() - started }));
    client.on('error', reject);
  });
}

describe('held refusals of paused sessions', () => {
  it('answers 429 with Retry-After only after the hold, so a reconnect loop makes one try per hold', async () => {
    const port = await refusingServer(new HeldRefusals(300, 10), 4200);
    const { text, afterMs } = await answerOf(port);
    expect(text).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(text).toContain('Retry-After: 5\r\n');
    expect(afterMs).toBeGreaterThanOrEqual(290);
  });

  it('holds no longer than the pause itself', async () => {
    const port = await refusingServer(new HeldRefusals(5000, 10), 100);
    const { afterMs } = await answerOf(port);
    expect(afterMs).toBeLessThan(1000);
  });

  it('answers at once past the number it may hold, and frees a place when a held client leaves', async () => {
    const refusals = new HeldRefusals(2000, 1);
    const port = await refusingServer(refusals, 4000);
    const gone = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => gone.once('connect', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await answerOf(port);
    expect(second.text).toMatch(/^HTTP\/1\.1 429/);
    expect(second.afterMs).toBeLessThan(500);
    gone.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = await answerOf(port);
    expect(third.afterMs).toBeGreaterThanOrEqual(1900);
  });
});
