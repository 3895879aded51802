/** Random bearer tokens and the hashes we store instead of them. */
import { createHash, randomBytes } from 'node:crypto';

/** 256 bits unless told otherwise, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
