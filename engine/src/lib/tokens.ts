/** Random bearer tokens and the hashes we store instead of them. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits unless told otherwise, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether two tokens are the same, in time that depends on their length only (a secret that arrived against the stored one). */
export function sameToken(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}
