/** A signed-in user's Cookie header value, made through the product's own session command. */
import type { DataSource } from 'typeorm';
import { sessionCreator } from '../commands/sessionCreator.ts';
import type { User } from '../entities/user.ts';
import { SESSION_COOKIE } from '../lib/sessionCookie.ts';

/** A new session each call. */
export async function sessionCookieFor(dataSource: DataSource, user: User): Promise<string> {
  return `${SESSION_COOKIE}=${await sessionCreator(dataSource, { userId: user.id })}`;
}
