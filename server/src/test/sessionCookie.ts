/** A signed-in user's session, made through the product's own session command: as a token, or as a Cookie header value. */
import type { DataSource } from 'typeorm';
import { sessionCreator } from '../commands/sessionCreator.ts';
import { SESSION_COOKIE, type User } from '@caravan/engine';

/** A new session's token each call (the value of the SESSION_COOKIE cookie, for a browser's cookie jar). */
export function sessionTokenFor(dataSource: DataSource, user: User): Promise<string> {
  return sessionCreator(dataSource, { userId: user.id });
}

/** A new session each call. */
export async function sessionCookieFor(dataSource: DataSource, user: User): Promise<string> {
  return `${SESSION_COOKIE}=${await sessionTokenFor(dataSource, user)}`;
}
