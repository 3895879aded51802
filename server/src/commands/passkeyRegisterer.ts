/** Verifies the caller's new passkey against the challenge kept for them and stores it under a name. */
import type { DataSource } from 'typeorm';
import { verifyRegistrationResponse, type VerifiedRegistrationResponse } from '@simplewebauthn/server';
import { messages, type TRegistrationCredential } from '@caravan/shared';
import { AppError, PasskeyEntity, type Passkey, type User } from '@caravan/engine';
import { useChallenge } from '../auth/passkeyChallenges.ts';
import type { PasskeyParty } from '../auth/passkeyParty.ts';
import { isUniqueViolation } from '../lib/dbErrors.ts';
import { passkeysOf } from '../queries/passkeys.ts';

export async function passkeyRegisterer(
  { dataSource, party }: { dataSource: DataSource; party: PasskeyParty },
  user: User,
  params: { credential: TRegistrationCredential; name?: string },
): Promise<Passkey> {
  const challenge = await useChallenge(dataSource, { clientDataJSON: params.credential.response.clientDataJSON, purpose: 'register', userId: user.id });
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      response: params.credential,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      requireUserVerification: false,
    });
  } catch {
    // A wrong origin, RP ID or type, or bytes that do not decode: the library says which; the member needs only this.
    throw new AppError('validation', messages.passkeys.notVerified);
  }
  if (!verification.verified) throw new AppError('validation', messages.passkeys.notVerified);
  const { credential } = verification.registrationInfo;
  const name = params.name ?? `${messages.passkeys.defaultName} ${(await passkeysOf(dataSource, user.id)).length + 1}`;
  try {
    return await dataSource.getRepository(PasskeyEntity).save({
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      lastUsedAt: null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', messages.passkeys.alreadyRegistered);
    throw error;
  }
}
