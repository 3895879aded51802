import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './index.ts';
import { invitationEmail, invitationLink } from './invitationEmail.ts';

const mailFrom = 'Caravan <no-reply@caravan.local>';
const link = invitationLink('https://caravan.example', 'tok_9f2c1e7a');
const invitation = invitationEmail({
  inviterName: 'Zoë Traveller',
  tripTitle: 'Côte d’Azur in June',
  role: 'editor',
  link,
  expiresAt: new Date('2025-06-08T09:30:00Z'),
});
const message = { to: 'friend@example.com', ...invitation };

function recordingLogger() {
  const infos: unknown[][] = [];
  return { infos, info: (...args: unknown[]) => void infos.push(args) };
}

/** Just enough MIME to read what nodemailer wrote: headers, multipart bodies, QP, base64 and encoded words. */
interface MimeEntity {
  headers: Record<string, string>;
  body: string;
}

function splitEntity(entity: string): MimeEntity {
  const blank = /\r?\n\r?\n/.exec(entity);
  const head = blank ? entity.slice(0, blank.index) : entity;
  const body = blank ? entity.slice(blank.index + blank[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeBody({ headers, body }: MimeEntity): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** The leaf parts of a message by content type (text/plain, text/html), decoded. */
function leafParts(entity: MimeEntity): Record<string, string> {
  const contentType = entity.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary) {
    return { [contentType.split(';')[0].trim().toLowerCase()]: decodeBody(entity) };
  }
  const sections = entity.body.split(`--${boundary}`).slice(1);
  const parts = sections.filter((section) => !section.startsWith('--')).map((section) => splitEntity(section.replace(/^\r?\n/, '')));
  return Object.assign({}, ...parts.map(leafParts));
}

/** What a recipient would see in the invitation, wherever the raw message came from. */
function expectInvitation(raw: string, messageId: string) {
  const mail = splitEntity(raw);
  expect(decodeHeader(mail.headers.to)).toBe('friend@example.com');
  expect(decodeHeader(mail.headers.from)).toBe(mailFrom);
  expect(decodeHeader(mail.headers.subject)).toBe('Zoë Traveller invited you to plan "Côte d’Azur in June" on Caravan');
  expect(mail.headers['message-id']).toBe(messageId);

  const parts = leafParts(mail);
  expect(Object.keys(parts).sort()).toEqual(['text/html', 'text/plain']);
  expect(parts['text/plain']).toContain('Zoë Traveller invited you to plan "Côte d’Azur in June" on Caravan as an editor');
  expect(parts['text/plain']).toContain('https://caravan.example/invitation/tok_9f2c1e7a');
  expect(parts['text/plain']).toMatch(/expires on June 8, 2025 at 9:30\sAM UTC/);
  expect(parts['text/html']).toContain('<a href="https://caravan.example/invitation/tok_9f2c1e7a"');
  expect(parts['text/html']).toContain('<strong>Zoë Traveller</strong>');
  expect(parts['text/html']).toContain('Côte d’Azur in June');
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caravan-mail-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('SMTP mailer (SMTP_URL set)', () => {
  /** A local SMTP server without TLS that keeps every message it accepts. */
  let smtpUrl: string;
  let received: { from: string; to: string[]; raw: string }[] = [];
  let refuseRecipient: string | undefined;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (address.address !== refuseRecipient) return callback();
      callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom: from, rcptTo } = session.envelope;
        received.push({
          from: from ? from.address : '',
          to: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  beforeEach(() => {
    received = [];
    refuseRecipient = undefined;
  });

  it('delivers the invitation with a text and an HTML part to the SMTP server, and writes no outbox file', async () => {
    const logger = recordingLogger();
    const mailer = createMailer({ smtpUrl, mailFrom, dataDir }, logger);

    const sent = await mailer.send(message);

    expect(sent.file).toBeUndefined();
    expect(sent.messageId).toMatch(/^<.+@caravan\.local>$/);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('no-reply@caravan.local');
    expect(received[0].to).toEqual(['friend@example.com']);
    expectInvitation(received[0].raw, sent.messageId);
    expect(logger.infos).toEqual([[{ to: 'friend@example.com', subject: message.subject, messageId: sent.messageId }, 'e-mail sent over SMTP']]);
    await expect(fs.readdir(dataDir)).resolves.toEqual([]);
  });

  it('rejects when the SMTP server refuses the recipient', async () => {
    refuseRecipient = 'nobody@example.com';
    const logger = recordingLogger();
    const mailer = createMailer({ smtpUrl, mailFrom, dataDir }, logger);

    await expect(mailer.send({ ...message, to: 'nobody@example.com' })).rejects.toThrow(/550/);
    expect(received).toEqual([]);
    expect(logger.infos).toEqual([]);
  });
});

describe('outbox mailer (the default)', () => {
  it('writes the complete message as a .eml file under DATA_DIR/outbox and logs where', async () => {
    const logger = recordingLogger();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom, dataDir }, logger);

    const sent = await mailer.send(message);

    const outbox = path.join(dataDir, 'outbox');
    expect(sent.file).toBeDefined();
    expect(path.dirname(sent.file!)).toBe(outbox);
    expect(path.basename(sent.file!)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z_[A-Za-z0-9._@-]+\.eml$/);
    await expect(fs.readdir(outbox)).resolves.toEqual([path.basename(sent.file!)]);
    const raw = await fs.readFile(sent.file!, 'utf8');
    expect(raw).not.toMatch(/[^\r]\n/);
    expectInvitation(raw, sent.messageId);
    expect(logger.infos).toEqual([[{ to: 'friend@example.com', subject: message.subject, file: sent.file }, 'e-mail written to the outbox']]);
  });

  it('keeps every message in its own file', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom, dataDir }, recordingLogger());

    const first = await mailer.send(message);
    const second = await mailer.send({ ...message, to: 'other@example.com' });

    expect(second.file).not.toBe(first.file);
    const files = await fs.readdir(path.join(dataDir, 'outbox'));
    expect(files.sort()).toEqual([path.basename(first.file!), path.basename(second.file!)].sort());
    expect(splitEntity(await fs.readFile(second.file!, 'utf8')).headers.to).toBe('other@example.com');
  });
});
