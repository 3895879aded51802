/**
 * Links a pending OpenID Connect identity (auth/pendingLinkCookie.ts) to the account whose password was just
 * given: the member's consent. Only when the identity's verified e-mail is that account's, and neither the
 * identity nor the account is linked at that provider yet; otherwise nothing happens.
 */
import type { DataSource } from 'typeorm';
import { OAuthAccountEntity, type User } from '@caravan/engine';
import type { PendingLink } from '../auth/pendingLinkCookie.ts';
import { isUniqueViolation } from '../lib/dbErrors.ts';

/** A sign-in step: no actor, the member is `user`, who has just proved the password. */
export async function oauthAccountLinker(dataSource: DataSource, { link, user }: { link: PendingLink; user: User }): Promise<boolean> {
  if (link.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) return false;
  try {
    return await dataSource.transaction(async (manager) => {
      const links = manager.getRepository(OAuthAccountEntity);
      const taken =
        (await links.existsBy({ provider: link.provider, providerUserId: link.providerUserId })) ||
        (await links.existsBy({ userId: user.id, provider: link.provider }));
      if (taken) return false;
      await links.insert({ userId: user.id, provider: link.provider, providerUserId: link.providerUserId, email: link.email });
      return true;
    });
  } catch (error) {
    // The same pending link redeemed twice at once: the other one made it.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
