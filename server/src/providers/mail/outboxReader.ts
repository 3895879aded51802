/**
 * Reads the outbox folder back for the administrators' Outbox tab (docs/product.md#admin): the newest messages'
 * recipients, subjects, dates and plain text (postal-mime decodes the MIME the outbox mailer wrote), so a laptop
 * install without SMTP can hand an invitation or a reset link on by hand.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { TAdminOutboxMessage } from '@caravan/shared';
import { outboxDir } from './outbox.ts';

/** How many of the newest messages the list shows. */
export const OUTBOX_LIST_MAX = 50;

/** The folder's messages, newest first (their names start with the time they were written), at most `max` of them. */
export async function readOutbox(dataDir: string, max = OUTBOX_LIST_MAX): Promise<{ folder: string; messages: TAdminOutboxMessage[]; more: number }> {
  const folder = outboxDir(dataDir);
  const names = (await fs.readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  names.sort().reverse();
  const messages = await Promise.all(names.slice(0, max).map((name) => readMessage(folder, name)));
  return { folder, messages: messages.filter((message) => message !== null), more: Math.max(0, names.length - max) };
}

async function readMessage(folder: string, name: string): Promise<TAdminOutboxMessage | null> {
  // A file removed between the listing and the read is simply not listed.
  const raw = await fs.readFile(path.join(folder, name)).catch(() => null);
  if (!raw) return null;
  const email = await PostalMime.parse(raw);
  const to = (email.to ?? []).flatMap((address) => ('address' in address && address.address ? [address.address] : [])).join(', ');
  const date = email.date ? new Date(email.date) : null;
  return {
    id: name,
    to,
    subject: email.subject ?? '',
    sentAt: date && !Number.isNaN(date.getTime()) ? date : null,
    text: email.text ?? '',
  };
}
