/**
 * A local push service for tests and bench:notify, speaking the Web Push protocol (RFC 8030 with RFC 8291's
 * aes128gcm payloads and RFC 8292's VAPID) over https with a certificate made at start (its file goes to the
 * server as PUSH_CA_FILE). Each device is a real key pair: a received push is decrypted with the device's private
 * key and its VAPID token's signature checked, so a test sees what a browser would show. A device can be told to
 * answer with another status (410 gone, 429 busy, …).
 */
import { createECDH, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import selfsigned from 'selfsigned';

export interface PushDevice {
  id: string;
  /** What a browser's PushSubscription.toJSON() gives, to send to the subscribe call. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The status it answers (201 by default), and a Retry-After with it when set. */
  answer: { status: number; retryAfter?: string };
}

export interface ReceivedPush {
  deviceId: string;
  /** When the request arrived (Date.now()). */
  at: number;
  payload: { title: string; body: string; url: string; tag: string };
  /** The VAPID token's claims (aud, exp, sub), its signature checked against `vapidPublicKey`. */
  vapid: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
  ttl: string | undefined;
}

export interface PushServiceStandIn {
  url: string;
  caFile: string;
  received: ReceivedPush[];
  /** Requests it could not read (bad encryption or VAPID): a test expects none. */
  rejected: string[];
  newDevice: () => PushDevice;
  /** Calls `onPush` for each push as it arrives (the bench times them). */
  onPush: (listener: (push: ReceivedPush) => void) => void;
  close: () => Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' });
  const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-push-')), 'ca.pem');
  fs.writeFileSync(caFile, pems.cert);
  const devices = new Map<string, { device: PushDevice; ecdh: ECDH }>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const listeners: Array<(push: ReceivedPush) => void> = [];

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const known = id ? devices.get(id) : undefined;
      if (request.method !== 'POST' || !known) {
        response.writeHead(404).end();
        return;
      }
      try {
        const push = readPush(known, Buffer.concat(chunks), request.headers, at);
        received.push(push);
        for (const listener of listeners) listener(push);
      } catch (error) {
        rejected.push((error as Error).message);
        response.writeHead(400).end();
        return;
      }
      const { status, retryAfter } = known.device.answer;
      response.writeHead(status, retryAfter ? { 'retry-after': retryAfter } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    caFile,
    received,
    rejected,
    newDevice: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const device: PushDevice = {
        id,
        subscription: { endpoint: `${url}/push/${id}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } },
        answer: { status: 201 },
      };
      devices.set(id, { device, ecdh });
      return device;
    },
    onPush: (listener) => listeners.push(listener),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(path.dirname(caFile), { recursive: true, force: true });
    },
  };
}

/** Decrypts the body for the device and checks the VAPID token, as a push service and the browser would. */
function readPush(known: { device: PushDevice; ecdh: ECDH }, body: Buffer, headers: NodeJS.Dict<string | string[]>, at: number): ReceivedPush {
  if (headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${String(headers['content-encoding'])}`);
  const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: known.ecdh, authSecret: known.device.subscription.keys.auth });
  const authorization = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
  if (!authorization) throw new Error('no VAPID authorization');
  const [, token, vapidPublicKey] = authorization;
  const [header, claims, signature] = token.split('.');
  const point = Buffer.from(vapidPublicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: jwk, format: 'jwk', dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID token not ES256');
  return {
    deviceId: known.device.id,
    at,
    payload: JSON.parse(plain.toString('utf8')),
    vapid: JSON.parse(Buffer.from(claims, 'base64url').toString()),
    vapidPublicKey,
    ttl: typeof headers.ttl === 'string' ? headers.ttl : undefined,
  };
}
