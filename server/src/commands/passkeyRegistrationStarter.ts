/** The options for navigator.credentials.create(): a discoverable passkey for the caller, with a challenge kept for them. */
import type { DataSource } from 'typeorm';
import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_TTL_MS } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { keepChallenge } from '../auth/passkeyChallenges.ts';
import type { PasskeyParty } from '../auth/passkeyParty.ts';
import { passkeysOf } from '../queries/passkeys.ts';
import { passkeyUserHandle } from '../auth/passkeyUserHandle.ts';

export async function passkeyRegistrationStarter(
  { dataSource, party }: { dataSource: DataSource; party: PasskeyParty },
  user: User,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(dataSource, user.id);
  const options = await generateRegistrationOptions({
    rpName: party.rpName,
    rpID: party.rpID,
    userName: user.email,
    userDisplayName: user.displayName,
    userID: passkeyUserHandle(user.id),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The same authenticator twice would be one passkey under two names.
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    // Resident key: the login page asks for a passkey without an e-mail address first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(dataSource, { challenge: options.challenge, purpose: 'register', userId: user.id });
  return options;
}
