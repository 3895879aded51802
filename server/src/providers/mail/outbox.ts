/**
 * The mailer that runs anywhere: each message is rendered by nodemailer exactly as it would go over
 * SMTP and written as a complete .eml file to `${dataDir}/outbox/`, so it can be opened in any mail
 * client (or read in the administrators' Outbox tab). The log warns where, at a level `npm start` prints: the
 * message did not reach its recipient, and someone has to pass its link on. The file appears atomically (written aside, then renamed), so
 * anything watching the folder never reads half a message.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@caravan/engine';
import type { Mailer } from './mailer.ts';

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** `2025-06-01T09-30-00-000Z_1f0c…@caravan.local.eml`: sorts by time, safe on every file system. */
function fileNameFor(sentAt: Date, messageId: string): string {
  const stamp = sentAt.toISOString().replace(/[:.]/g, '-');
  const id = messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._@-]/g, '_');
  return `${stamp}_${id}.eml`;
}

export function createOutboxMailer(options: { dataDir: string; from: string; logger: Pick<Logger, 'warn'> }): Mailer {
  const directory = outboxDir(options.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from: options.from });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      const file = path.join(directory, fileNameFor(new Date(), info.messageId));
      const partial = path.join(directory, `.${randomUUID()}.partial`);
      await fs.mkdir(directory, { recursive: true });
      try {
        await fs.writeFile(partial, info.message as Buffer, { flag: 'wx' });
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      options.logger.warn({ to: message.to, subject: message.subject, file }, 'e-mail not sent (no SMTP_URL): written to the outbox');
      return { messageId: info.messageId, file };
    },
  };
}
