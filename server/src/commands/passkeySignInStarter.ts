/**
 * The options for navigator.credentials.get(): no allow-list (the browser offers the site's passkeys), a challenge kept
 * for anyone, at most PASSKEY_SIGN_IN_CHALLENGES_PER_ADDRESS unanswered per client address.
 */
import type { DataSource } from 'typeorm';
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_TTL_MS } from '@caravan/shared';
import { addressGroup } from '../auth/addressGroup.ts';
import { keepChallenge } from '../auth/passkeyChallenges.ts';
import type { PasskeyParty } from '../auth/passkeyParty.ts';

export async function passkeySignInStarter(
  { dataSource, party }: { dataSource: DataSource; party: PasskeyParty },
  { ip }: { ip: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: party.rpID, userVerification: 'preferred', timeout: PASSKEY_CHALLENGE_TTL_MS });
  await keepChallenge(dataSource, { challenge: options.challenge, purpose: 'sign_in', userId: null, address: addressGroup(ip) });
  return options;
}
