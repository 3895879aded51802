/**
 * "Forgot password?": e-mails an active account a single-use link that expires in an hour, its token kept
 * as a SHA-256 only. The caller hears the same answer in about the same time whether or not an account uses
 * the address: the e-mail goes out after the answer, and an unknown address does the same lookups.
 */
import type { DataSource } from 'typeorm';
import { PASSWORD_RESET_TTL_SECONDS } from '@caravan/shared';
import { hashToken, randomToken, type Logger } from '@caravan/engine';
import { admitPasswordResetRequest } from '../auth/passwordResetThrottle.ts';
import { passwordResetEmail, passwordResetLink, type Mailer } from '../providers/mail/index.ts';
import { findUserByEmail } from '../queries/userLookup.ts';

export interface PasswordResetRequestDeps {
  dataSource: DataSource;
  mailer: Mailer;
  logger: Pick<Logger, 'warn'>;
  publicOrigin: string;
}

export async function passwordResetRequester(deps: PasswordResetRequestDeps, { email, ip }: { email: string; ip: string }): Promise<void> {
  await admitPasswordResetRequest(deps.dataSource, { email, ip });
  const user = await findUserByEmail(deps.dataSource, email);
  // Made before knowing whether it is needed, so an unknown address costs what a known one does.
  const token = randomToken();
  const tokenHash = hashToken(token);
  if (!user || user.status !== 'active') return;
  await deps.dataSource.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [tokenHash, user.id, PASSWORD_RESET_TTL_SECONDS],
  );
  const mail = passwordResetEmail({ link: passwordResetLink(deps.publicOrigin, token), minutes: PASSWORD_RESET_TTL_SECONDS / 60 });
  // Not awaited: waiting for the mail server would tell the caller the account exists.
  void deps.mailer.send({ to: user.email, ...mail }).catch((error: unknown) => deps.logger.warn({ err: error }, 'password reset e-mail failed'));
}
