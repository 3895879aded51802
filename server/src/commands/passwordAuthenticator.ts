/** Checks an e-mail and password under the login throttle; unknown e-mail and wrong password answer alike. */
import type { DataSource } from 'typeorm';
import { messages, type TLoginRequest } from '@caravan/shared';
import { AppError, type User } from '@caravan/engine';
import type { LoginThrottle } from '../auth/loginThrottle.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { findUserByEmail } from '../queries/userLookup.ts';

export async function passwordAuthenticator(
  { dataSource, loginThrottle }: { dataSource: DataSource; loginThrottle: LoginThrottle },
  params: TLoginRequest & { ip: string; deviceCookie: string | undefined },
): Promise<User> {
  // Booked as a failure until the password proves right.
  const attempt = await loginThrottle.admit({ email: params.email, ip: params.ip, deviceCookie: params.deviceCookie });
  const user = await findUserByEmail(dataSource, params.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, params.password);
  if (!user || !valid) throw new AppError('unauthenticated', messages.auth.invalidCredentials);
  await attempt.succeeded();
  if (user.status !== 'active') throw new AppError('forbidden', messages.auth.accountDisabled);
  return user;
}
