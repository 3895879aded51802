/** Random bearer tokens and the hashes we store instead of them. */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits unless told otherwise, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Every signed-in request hashes its session token: the one-shot form, without a Hash object each time. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Whether two tokens are the same, in time that depends on their length only (a secret that arrived against the stored one). */
export function sameToken(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}
