/**
 * Hands one payload to one device's push service (the `web-push` library: aes128gcm encryption for the device's
 * keys, a VAPID-signed request), and says what the answer means for the delivery and the subscription.
 */
import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import webpush from 'web-push';
import { isKnownPushService } from './pushServiceHosts.ts';
import type { PushPayload } from './pushPayload.ts';
import { vapidAuthorization } from './vapidAuthorization.ts';
import type { VapidDetails } from './vapidKeys.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * sent: done; gone: the subscription expired or was withdrawn (404, 410), forget it; later: the service is busy
 * or failing (429, 5xx, no answer), try again, after `afterSeconds` when it said; refused: it will not take this
 * one (another 4xx), drop it.
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'later'; afterSeconds: number | null; reason: string }
  | { kind: 'refused'; reason: string };

export type PushSender = (target: PushTarget, payload: PushPayload) => Promise<PushOutcome>;

/** How long a push service keeps a message for a device that is offline. */
const TIME_TO_LIVE_SECONDS = 24 * 3600;
const REQUEST_TIMEOUT_MS = 10_000;

export function outcomeOfStatus(status: number, retryAfter: string | undefined): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500) return { kind: 'later', afterSeconds: retryAfterSeconds(retryAfter), reason: `status ${status}` };
  return { kind: 'refused', reason: `status ${status}` };
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function createPushSender(vapid: VapidDetails, options: { caFile?: string; hosts: readonly string[] }): PushSender {
  // One kept-alive connection pool: most pushes go to the same few services. An extra authority adds to the usual ones.
  const ca = options.caFile ? [...tls.rootCertificates, fs.readFileSync(options.caFile, 'utf8')] : undefined;
  const agent = new https.Agent({ keepAlive: true, maxSockets: 16, ...(ca ? { ca } : {}) });
  const authorization = vapidAuthorization(vapid);
  return async (target, payload) => {
    // A device subscribed before its service left the list is forgotten, not pushed to.
    if (!isKnownPushService(target.endpoint, options.hosts)) return { kind: 'gone' };
    try {
      const answer = await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
        headers: { Authorization: authorization(target.endpoint) },
        TTL: TIME_TO_LIVE_SECONDS,
        urgency: 'normal',
        timeout: REQUEST_TIMEOUT_MS,
        agent,
      });
      return outcomeOfStatus(answer.statusCode, undefined);
    } catch (error) {
      if (error instanceof webpush.WebPushError) return outcomeOfStatus(error.statusCode, headerOf(error.headers, 'retry-after'));
      return { kind: 'later', afterSeconds: null, reason: error instanceof Error ? error.message : String(error) };
    }
  };
}

const headerOf = (headers: Record<string, string | string[] | undefined> | undefined, name: string): string | undefined => {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
};
