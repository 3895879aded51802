import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { errorHandler } from './errorHandler.ts';
import { jsonBody } from './jsonBody.ts';

/**
 * The photo-bearing calls are written elsewhere; a tiny app with the same middleware answers each path
 * with the size of the photo it parsed, so the body limits are tested on their own.
 */
const app = new Koa();
app.silent = true;
const api = new Router({ prefix: '/_api' });
api.use(jsonBody());
api.post(/.*/, (ctx) => {
  ctx.body = { received: String((ctx.request.body as { photo?: string }).photo ?? '').length };
});
app.use(errorHandler());
app.use(api.routes());

let server: http.Server;
let baseUrl: string;
beforeAll(async () => {
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const MB = 1024 * 1024;
const photoBody = (size: number) => JSON.stringify({ tripId: 'x', photo: `data:image/jpeg;base64,${'A'.repeat(size)}` });

async function post(path: string, body: string | ReadableStream) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);
  return { status: response.status, body: await response.json() };
}

describe('jsonBody limits', () => {
  it.each(['/_api/trips/hero-image', '/_api/trips/stops/journal/create', '/_api/trips/stops/journal/update', '/_api/trips/stops/update-content'])(
    'lets a 20 MB body through to %s',
    async (path) => {
      const response = await post(path, photoBody(20 * MB));
      expect(response.status).toBe(200);
      expect(response.body.received).toBeGreaterThan(20 * MB);
    },
  );

  it('ignores case and a trailing slash on a photo call path, as routing does', async () => {
    expect((await post('/_api/trips/hero-image/', photoBody(2 * MB))).status).toBe(200);
    expect((await post('/_api/Trips/Hero-Image', photoBody(2 * MB))).status).toBe(200);
  });

  it('keeps 100 kB for every other call', async () => {
    expect((await post('/_api/trips', photoBody(50_000))).status).toBe(200);
    for (const path of ['/_api/trips', '/_api/trips/hero-image/extra', '/_api/auth/login_with_password']) {
      const response = await post(path, photoBody(150_000));
      expect(response.status).toBe(413);
      expect(response.body.error).toBe(messages.common.payloadTooLarge);
    }
  });

  it('answers 413, never 500, past 30 MB on a photo call, also when the length is not announced', async () => {
    expect(await post('/_api/trips/hero-image', photoBody(31 * MB))).toEqual({
      status: 413,
      body: { error: messages.common.payloadTooLarge },
    });

    const chunk = new TextEncoder().encode('A'.repeat(MB));
    let sent = 0;
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"photo":"'));
      },
      pull(controller) {
        if (sent++ < 31) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
        }
      },
    });
    expect(await post('/_api/trips/stops/journal/create', chunked)).toEqual({
      status: 413,
      body: { error: messages.common.payloadTooLarge },
    });
  });
});
