/**
 * Web Push (docs/product.md#notifications): a device that turned notifications on sends the subscription its
 * browser made (the push service's endpoint and the keys the payload is encrypted for); a member keeps at most
 * PUSH_DEVICES_MAX devices, the one subscribed longest ago makes room for a new one.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject } from './common.ts';

const m = messages.push;

export const PUSH_DEVICES_MAX = 10;
/** Push services' endpoints are a few hundred characters; this leaves room without storing junk. */
export const PUSH_ENDPOINT_MAX = 1024;

const endpoint = z
  .string({ error: m.invalidEndpoint })
  .max(PUSH_ENDPOINT_MAX, m.invalidEndpoint)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', m.invalidEndpoint);

/** A base64url key (padding allowed) of exactly `bytes` bytes; p256dh is an uncompressed P-256 point (0x04 first: 'B'). */
const base64urlKey = (bytes: number, startsWith = '') =>
  z
    .string({ error: m.invalidKey })
    .max(100, m.invalidKey)
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && value.length === Math.ceil((bytes * 4) / 3), m.invalidKey)
    .refine((value) => value.startsWith(startsWith), m.invalidKey);

export const ZPushPublicKeyResponse = z.object({ publicKey: z.string() });

export const ZPushSubscribeRequest = requestObject({
  endpoint,
  keys: z.strictObject({ p256dh: base64urlKey(65, 'B'), auth: base64urlKey(16) }, { error: m.invalidKey }),
});
export const ZPushUnsubscribeRequest = requestObject({ endpoint });
/** How many devices the caller has notifications on. */
export const ZPushDevicesResponse = z.object({ devices: z.number().int().min(0) });
