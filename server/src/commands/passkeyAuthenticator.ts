/**
 * Signs in with a passkey under the password sign-in's throttle: the passkey names its account (discoverable
 * credentials), its answer must sign a fresh sign-in challenge of ours, from our origin, with a counter ahead of the
 * stored one. An unknown or removed passkey, a used or stale challenge and a bad signature answer alike.
 */
import type { DataSource } from 'typeorm';
import { verifyAuthenticationResponse, type VerifiedAuthenticationResponse } from '@simplewebauthn/server';
import { messages, type TAuthenticationCredential } from '@caravan/shared';
import { AppError, PasskeyEntity, UserEntity, type User } from '@caravan/engine';
import type { LoginThrottle } from '../auth/loginThrottle.ts';
import { useChallenge } from '../auth/passkeyChallenges.ts';
import type { PasskeyParty } from '../auth/passkeyParty.ts';
import { userHandleMatches } from '../auth/passkeyUserHandle.ts';
import { passkeyByCredentialId } from '../queries/passkeys.ts';

export async function passkeyAuthenticator(
  { dataSource, loginThrottle, party }: { dataSource: DataSource; loginThrottle: LoginThrottle; party: PasskeyParty },
  params: { credential: TAuthenticationCredential; ip: string; deviceCookie: string | undefined },
): Promise<User> {
  const { credential } = params;
  const passkey = await passkeyByCredentialId(dataSource, credential.id);
  const user = passkey && (await dataSource.getRepository(UserEntity).findOneBy({ id: passkey.userId }));
  // Counted against the passkey's account, or, for a passkey we do not know, a key of its own: the per-address limits still apply.
  const attempt = await loginThrottle.admit({
    email: user?.email ?? `unknown-passkey:${credential.id}`,
    ip: params.ip,
    deviceCookie: params.deviceCookie,
  });
  const challenge = await useChallenge(dataSource, { clientDataJSON: credential.response.clientDataJSON, purpose: 'sign_in', userId: null });
  const refused = () => new AppError('unauthenticated', messages.passkeys.signInFailed);
  if (!passkey || !user || !userHandleMatches(credential.response.userHandle, user.id)) throw refused();
  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports as never },
      requireUserVerification: false,
    });
  } catch {
    // Wrong origin or RP ID, a counter that did not move ahead (a cloned authenticator), bytes that do not decode.
    throw refused();
  }
  if (!verification.verified) throw refused();
  await attempt.succeeded();
  if (user.status !== 'active') throw new AppError('forbidden', messages.auth.accountDisabled);
  await dataSource
    .getRepository(PasskeyEntity)
    .update({ id: passkey.id }, { counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() });
  return user;
}
