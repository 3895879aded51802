/**
 * Backup codes: ten random codes of 10 characters (about 50 bits each, from an alphabet without look-alikes),
 * shown once as `xxxxx-xxxxx`. Each is kept as an argon2 hash beside its first two characters, so a typed code is
 * checked against the one or two codes that start alike instead of all ten (ten argon2 checks take most of a
 * second); the two characters leave about 40 bits behind the hash.
 */
import { randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { BACKUP_CODE_COUNT } from '@caravan/shared';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;
const LOOKUP_LENGTH = 2;
const hashOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface StoredBackupCode {
  lookup: string;
  codeHash: string;
}

/** New codes to show the member, and what to keep of them. */
export async function newBackupCodes(): Promise<{ shown: string[]; stored: StoredBackupCode[] }> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  const stored = await Promise.all(codes.map(async (code) => ({ lookup: lookupOf(code), codeHash: await argon2.hash(code, hashOptions) })));
  return { shown: codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`), stored };
}

/** A typed backup code as it was made (lower case, no spaces or dash); null when it cannot be one. */
export function backupCodeInput(code: string): string | null {
  const normalised = code.replace(/[\s-]/g, '').toLowerCase();
  return normalised.length === LENGTH && [...normalised].every((character) => ALPHABET.includes(character)) ? normalised : null;
}

export const lookupOf = (normalised: string): string => normalised.slice(0, LOOKUP_LENGTH);

export async function backupCodeMatches(codeHash: string, normalised: string): Promise<boolean> {
  try {
    return await argon2.verify(codeHash, normalised);
  } catch {
    return false;
  }
}
