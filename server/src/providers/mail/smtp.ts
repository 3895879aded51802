/**
 * The mailer used when SMTP_URL is set (smtp://user:pass@host:587, smtps://host:465): nodemailer's
 * SMTP transport, which upgrades with STARTTLS whenever the server offers it. A failed delivery
 * rejects, so the caller decides what the user is told.
 */
import nodemailer from 'nodemailer';
import type { Logger } from '@caravan/engine';
import type { Mailer } from './mailer.ts';

/** Nodemailer waits minutes by default; a request that sends an invitation should not. */
const SMTP_TIMEOUT_MS = 15_000;

export function createSmtpMailer(options: { smtpUrl: string; from: string; logger: Pick<Logger, 'info'> }): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: options.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    { from: options.from },
  );
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      options.logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent over SMTP');
      return { messageId: info.messageId };
    },
  };
}
