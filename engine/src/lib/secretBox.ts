/**
 * Seals short secrets the database keeps and the server must read back (an authenticator app's TOTP secret) with
 * AES-256-GCM under a key kept outside the database, so a dump or a backup of the database alone gives none away.
 * A value stored before sealing began reads as it is; the next enrolment seals it.
 */
import crypto from 'node:crypto';

const SEALED = 'sealed1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string): string;
  /** Null when it cannot be opened: sealed under another key (the key was lost or changed), or tampered with. */
  open(stored: string): string | null;
}

/** `keyMaterial`: any secret string (a file made at first start, or a setting); the AES key is its SHA-256. */
export function secretBox(keyMaterial: string): SecretBox {
  const key = crypto.createHash('sha256').update(`caravan secret box\0${keyMaterial}`).digest();
  return {
    seal(plain) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(SEALED)) return stored;
      const raw = Buffer.from(stored.slice(SEALED.length), 'base64url');
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
