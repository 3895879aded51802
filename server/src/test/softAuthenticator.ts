/**
 * A software passkey for tests: an ES256 key made with node:crypto, answering registration options with a 'none'
 * attestation and sign-in options with a signed assertion, byte for byte as WebAuthn lays them out (CBOR written by
 * hand: the few fixed shapes below need no library). Its origin and counter can be set wrong on purpose.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** CBOR major type and length header (lengths up to 65535 are all these shapes need). */
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
const cborText = (text: string) => Buffer.concat([head(3, Buffer.byteLength(text)), Buffer.from(text)]);
const cborBytes = (bytes: Buffer) => Buffer.concat([head(2, bytes.length), bytes]);
/** Small integers, as COSE keys use them: 0..23 and -1..-24. */
const cborInt = (value: number) => (value >= 0 ? head(0, value) : head(1, -1 - value));

export interface SoftPasskey {
  credentialId: string;
  /** Sign count the next assertion reports (its previous plus one, unless set back to test a clone). */
  counter: number;
  userHandle: string;
}

export interface RegistrationOptionsLike {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export function softAuthenticator(rpID: string) {
  const keys = new Map<string, { privateKey: KeyObject; passkey: SoftPasskey }>();

  function authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  return {
    /** What navigator.credentials.create() would give, encoded as @simplewebauthn/browser sends it. */
    register(options: RegistrationOptionsLike, origin: string) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = Buffer.concat([
        head(5, 5),
        cborInt(1), cborInt(2), // kty: EC2
        cborInt(3), cborInt(-7), // alg: ES256
        cborInt(-1), cborInt(1), // crv: P-256
        cborInt(-2), cborBytes(Buffer.from(jwk.x!, 'base64url')),
        cborInt(-3), cborBytes(Buffer.from(jwk.y!, 'base64url')),
      ]);
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      // Flags: user present, user verified, attested credential data.
      const data = authData(0x45, 0, Buffer.concat([Buffer.alloc(16), idLength, id, coseKey]));
      const attestationObject = Buffer.concat([
        head(5, 3),
        cborText('fmt'), cborText('none'),
        cborText('attStmt'), head(5, 0),
        cborText('authData'), cborBytes(data),
      ]);
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
      const passkey: SoftPasskey = { credentialId: b64url(id), counter: 1, userHandle: options.user.id };
      keys.set(passkey.credentialId, { privateKey, passkey });
      return {
        passkey,
        credential: {
          id: b64url(id),
          rawId: b64url(id),
          type: 'public-key' as const,
          clientExtensionResults: {},
          response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
        },
      };
    },

    /** What navigator.credentials.get() would give with this passkey; `userHandle` may be swapped to test a mismatch. */
    assert(passkey: SoftPasskey, challenge: string, origin: string, { userHandle = passkey.userHandle } = {}) {
      const { privateKey } = keys.get(passkey.credentialId)!;
      const data = authData(0x05, passkey.counter);
      passkey.counter += 1;
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
      const signature = sign('sha256', Buffer.concat([data, sha256(clientDataJSON)]), privateKey);
      return {
        id: passkey.credentialId,
        rawId: passkey.credentialId,
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(data), signature: b64url(signature), userHandle },
      };
    },
  };
}
