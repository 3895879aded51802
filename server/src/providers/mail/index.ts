/** Picks the mailer: SMTP when SMTP_URL is set, the outbox under DATA_DIR otherwise. */
import type { Config, Logger } from '@caravan/engine';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';

export type { MailMessage, Mailer, SentMail } from './mailer.ts';
export { invitationEmail, invitationLink, type InvitationEmailInput } from './invitationEmail.ts';
export { emailSentence, notificationEmail, type NotificationEmailInput } from './notificationEmail.ts';
export { notificationDigestEmail } from './notificationDigestEmail.ts';
export { passwordResetEmail, passwordResetLink } from './passwordResetEmail.ts';

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, logger: Pick<Logger, 'info' | 'warn'>): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  return createOutboxMailer({ dataDir: config.dataDir, from: config.mailFrom, logger });
}
