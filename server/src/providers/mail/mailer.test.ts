import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpMailbox, readMail } from '../../test/smtpMailbox.ts';
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
  const warnings: unknown[][] = [];
  return { infos, warnings, info: (...args: unknown[]) => void infos.push(args), warn: (...args: unknown[]) => void warnings.push(args) };
}

/** What a recipient would see in the invitation, wherever the raw message came from. */
function expectInvitation(raw: string, messageId: string) {
  const { headers, parts } = readMail(raw);
  expect(headers.to).toBe('friend@example.com');
  expect(headers.from).toBe(mailFrom);
  expect(headers.subject).toBe('Zoë Traveller invited you to plan "Côte d’Azur in June" on Caravan');
  expect(headers['message-id']).toBe(messageId);

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
  const mailbox = createSmtpMailbox();
  let smtpUrl: string;
  beforeAll(async () => {
    smtpUrl = await mailbox.start();
  });
  afterAll(() => mailbox.close());
  beforeEach(() => {
    mailbox.received.length = 0;
    mailbox.refused.clear();
  });
  const received = mailbox.received;

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
    mailbox.refused.add('nobody@example.com');
    const logger = recordingLogger();
    const mailer = createMailer({ smtpUrl, mailFrom, dataDir }, logger);

    await expect(mailer.send({ ...message, to: 'nobody@example.com' })).rejects.toThrow(/550/);
    expect(received).toEqual([]);
    expect(logger.infos).toEqual([]);
  });
});

describe('outbox mailer (the default)', () => {
  it('writes the complete message as a .eml file under DATA_DIR/outbox and warns where, as it did not go out', async () => {
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
    expect(logger.warnings).toEqual([[{ to: 'friend@example.com', subject: message.subject, file: sent.file }, 'e-mail not sent (no SMTP_URL): written to the outbox']]);
  });

  it('keeps every message in its own file', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom, dataDir }, recordingLogger());

    const first = await mailer.send(message);
    const second = await mailer.send({ ...message, to: 'other@example.com' });

    expect(second.file).not.toBe(first.file);
    const files = await fs.readdir(path.join(dataDir, 'outbox'));
    expect(files.sort()).toEqual([path.basename(first.file!), path.basename(second.file!)].sort());
    expect(readMail(await fs.readFile(second.file!, 'utf8')).headers.to).toBe('other@example.com');
  });
});
