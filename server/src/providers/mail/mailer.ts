/** Outgoing e-mail (invitations): written to the outbox under DATA_DIR by default, sent over SMTP when configured. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail {
  /** The Message-ID header the message went out with, angle brackets included. */
  messageId: string;
  /** Where the outbox wrote the message; absent when it went over SMTP. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}
