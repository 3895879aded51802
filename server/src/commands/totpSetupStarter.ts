/**
 * Starts enrolling an authenticator app: a new secret, kept unconfirmed (replacing an earlier unconfirmed one)
 * until a code made from it comes back, with its QR code as an SVG image and the otpauth URI for typing in.
 */
import type { DataSource } from 'typeorm';
import QRCode from 'qrcode';
import { messages, type TTotpSetupResponse } from '@caravan/shared';
import { AppError, type SecretBox, type User } from '@caravan/engine';
import { newTotpSecret, totpUri } from '../auth/totpCodes.ts';

export async function totpSetupStarter(dataSource: DataSource, totpSecrets: SecretBox, user: User): Promise<TTotpSetupResponse> {
  const secret = newTotpSecret();
  // An INSERT answers its rows (only an UPDATE or DELETE answers [rows, count]).
  const kept: unknown[] = await dataSource.query(
    `INSERT INTO totp_factors (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_used_step = NULL, created_at = now()
       WHERE totp_factors.enabled_at IS NULL
     RETURNING user_id`,
    [user.id, totpSecrets.seal(secret)],
  );
  if (kept.length !== 1) throw new AppError('conflict', messages.twoFactor.alreadyEnabled);
  const otpauthUri = totpUri(secret, user.email);
  const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCodeSvg };
}
