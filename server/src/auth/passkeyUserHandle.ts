/**
 * The WebAuthn user handle of an account: its id as text. It names no person (no e-mail), and a passkey sign-in
 * that reports one must report its passkey's owner's.
 */
import type { Uint8Array_ } from '@simplewebauthn/server';

export function passkeyUserHandle(userId: number): Uint8Array_ {
  return new TextEncoder().encode(String(userId));
}

export function userHandleMatches(userHandle: string | undefined, userId: number): boolean {
  return userHandle === undefined || userHandle === Buffer.from(passkeyUserHandle(userId)).toString('base64url');
}
