/**
 * The VAPID Authorization header per push service (its origin is the token's audience): a token is valid 12 hours
 * and signed again after an hour, not for every push (an ES256 signature costs about as much as the encryption).
 */
import webpush from 'web-push';
import type { VapidDetails } from './vapidKeys.ts';

const VALID_SECONDS = 12 * 3600;
const REUSE_MS = 3600_000;
/** Push services are a handful; many more origins (subscriptions made up by members) just start the cache afresh. */
const AUDIENCES_MAX = 256;

export function vapidAuthorization(vapid: VapidDetails, now: () => number = Date.now): (endpoint: string) => string {
  const signed = new Map<string, { header: string; until: number }>();
  return (endpoint) => {
    const audience = new URL(endpoint).origin;
    const kept = signed.get(audience);
    if (kept && kept.until > now()) return kept.header;
    const expiration = Math.floor(now() / 1000) + VALID_SECONDS;
    const header = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration).Authorization;
    if (signed.size >= AUDIENCES_MAX) signed.clear();
    signed.set(audience, { header, until: now() + REUSE_MS });
    return header;
  };
}
