/** Passkeys (WebAuthn, docs/product.md#passkeys): the account page's list and registration, and signing in with one. */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject } from './common.ts';

const m = messages.passkeys;

export const PASSKEY_NAME_MAX_LENGTH = 60;
/** How long a registration or sign-in challenge may be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Sign-in challenges one client address may hold unanswered at once (anyone may ask for one, and each is a row). */
export const PASSKEY_SIGN_IN_CHALLENGES_PER_ADDRESS = 20;
/** Generous bounds for what authenticators send: attestation objects with certificate chains run to a few KB. */
const BINARY_MAX_LENGTH = 16_384;

const base64url = (max = BINARY_MAX_LENGTH) =>
  z
    .string({ error: m.invalidResponse })
    .min(1, m.invalidResponse)
    .max(max, m.invalidResponse)
    .regex(/^[A-Za-z0-9_-]+$/, m.invalidResponse);

const passkeyName = () =>
  z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(PASSKEY_NAME_MAX_LENGTH, m.nameTooLong);

const credentialBase = {
  id: base64url(1_024),
  rawId: base64url(1_024),
  type: z.literal('public-key', { error: m.invalidResponse }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // Passed through to the library, which reads only what it knows.
  clientExtensionResults: z.custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), m.invalidResponse),
};

/** What navigator.credentials.create() gives, as @simplewebauthn/browser's startRegistration encodes it. */
export const ZRegistrationCredential = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url(),
        attestationObject: base64url(),
        authenticatorData: base64url().optional(),
        transports: z.array(z.string().max(40)).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url().optional(),
      },
      { error: m.invalidResponse },
    ),
  },
  { error: m.invalidResponse },
);

/** What navigator.credentials.get() gives, as startAuthentication encodes it. */
export const ZAuthenticationCredential = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url(),
        authenticatorData: base64url(),
        signature: base64url(),
        userHandle: base64url(1_024).optional(),
      },
      { error: m.invalidResponse },
    ),
  },
  { error: m.invalidResponse },
);

export const ZRegisterPasskeyRequest = requestObject({
  credential: ZRegistrationCredential,
  name: passkeyName().optional(),
});

// Past PostgreSQL's integer no passkey exists: refused here rather than by the database.
const passkeyId = () => z.number({ error: m.notFound }).int(m.notFound).positive(m.notFound).max(2_147_483_647, m.notFound);

export const ZRenamePasskeyRequest = requestObject({ id: passkeyId(), name: passkeyName() });
export const ZRemovePasskeyRequest = requestObject({ id: passkeyId() });
export const ZPasskeySignInRequest = requestObject({ credential: ZAuthenticationCredential });
export const ZPasskeyOptionsRequest = requestObject({});

export const ZPasskey = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const ZPasskeysResponse = z.object({ passkeys: z.array(ZPasskey) });
export const ZPasskeyResponse = z.object({ passkey: ZPasskey });
export const ZPasskeyMessageResponse = z.object({ message: z.string() });
/**
 * The options for navigator.credentials.create() / get(), as @simplewebauthn/server makes them and
 * @simplewebauthn/browser takes them; only the challenge is named here, the rest passes through.
 */
export const ZPasskeyOptionsResponse = z.object({
  options: z.custom<{ challenge: string }>(
    (value) => typeof value === 'object' && value !== null && typeof (value as { challenge?: unknown }).challenge === 'string',
  ),
});

export type TRegistrationCredential = z.infer<typeof ZRegistrationCredential>;
export type TAuthenticationCredential = z.infer<typeof ZAuthenticationCredential>;
export type TPasskey = z.infer<typeof ZPasskey>;
export type TRenamePasskeyRequest = z.infer<typeof ZRenamePasskeyRequest>;
export type TRemovePasskeyRequest = z.infer<typeof ZRemovePasskeyRequest>;
