/**
 * A local SMTP server (smtp-server, no TLS) that keeps every message it receives, for tests that follow a
 * real e-mail from nodemailer to the recipient; with just enough MIME decoding to read what was sent.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Header values with RFC 2047 encoded words decoded. */
  headers: Record<string, string>;
  /** Decoded leaf parts by content type: text/plain, text/html. */
  parts: Record<string, string>;
}

export interface SmtpMailbox {
  url: string;
  received: ReceivedMail[];
  /** Recipients the server answers 550 for, as a mail server does for an unknown mailbox. */
  refused: Set<string>;
  start: () => Promise<string>;
  close: () => Promise<void>;
}

export function createSmtpMailbox(): SmtpMailbox {
  const mailbox: SmtpMailbox = {
    url: '',
    received: [],
    refused: new Set(),
    start: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      mailbox.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      return mailbox.url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!mailbox.refused.has(address.address)) return callback();
      callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mailbox.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          ...readMail(raw),
        });
        callback();
      });
    },
  });
  return mailbox;
}

/** A raw RFC 822 message as its recipient reads it: decoded headers and decoded leaf parts. */
export function readMail(raw: string): Pick<ReceivedMail, 'headers' | 'parts'> {
  const entity = splitEntity(raw);
  return {
    headers: Object.fromEntries(Object.entries(entity.headers).map(([name, value]) => [name, decodeHeader(value)])),
    parts: leafParts(entity),
  };
}

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
  const unfolded = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
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
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeBody({ headers, body }: MimeEntity): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

function leafParts(entity: MimeEntity): Record<string, string> {
  const contentType = entity.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary) {
    return { [contentType.split(';')[0].trim().toLowerCase()]: decodeBody(entity) };
  }
  const sections = entity.body.split(`--${boundary}`).slice(1).filter((section) => !section.startsWith('--'));
  return Object.assign({}, ...sections.map((section) => leafParts(splitEntity(section.replace(/^\r?\n/, '')))));
}
