/**
 * Finds or creates the user behind an external identity. A linked account signs in; an e-mail that
 * already belongs to a password account is never taken over (the owner must log in with the password);
 * anything else gets a new account. Expected refusals are returned, not thrown, so the popup can show them.
 * With `consentToLink` (OpenID Connect), no existing account is ever linked here, passwordless or not: the
 * refusal says it is `linkable`, and the member links it by logging in with the password (oauthAccountLinker).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { DISPLAY_NAME_MAX_LENGTH, messages } from '@caravan/shared';
import { OAuthAccountEntity, type User, UserEntity } from '@caravan/engine';
import type { OAuthRefusalCode } from '../auth/oauthRefusal.ts';
import { isUniqueViolation } from '../lib/dbErrors.ts';

export interface ExternalIdentity {
  provider: string;
  providerUserId: string;
  /** Only an address the provider says it verified; null otherwise. */
  verifiedEmail: string | null;
  displayName: string | null;
  avatarUrl: string | null;
}

export type OAuthUserResolution =
  | { ok: true; user: User }
  | { ok: false; code: OAuthRefusalCode; message: string; linkable?: boolean };

export interface OAuthResolverOptions {
  /** An existing account with the same e-mail is linked only by its member's consent, never here. */
  consentToLink?: boolean;
}

export async function oauthUserResolver(
  dataSource: DataSource,
  identity: ExternalIdentity,
  options: OAuthResolverOptions = {},
): Promise<OAuthUserResolution> {
  try {
    return await dataSource.transaction((manager) => resolve(manager, identity, options));
  } catch (error) {
    // Two first sign-ins of the same person raced; the other one created the user or the link.
    if (isUniqueViolation(error)) return dataSource.transaction((manager) => resolve(manager, identity, options));
    throw error;
  }
}

async function resolve(manager: EntityManager, identity: ExternalIdentity, options: OAuthResolverOptions): Promise<OAuthUserResolution> {
  const links = manager.getRepository(OAuthAccountEntity);
  const users = manager.getRepository(UserEntity);

  const link = await links.findOneBy({ provider: identity.provider, providerUserId: identity.providerUserId });
  if (link) {
    const user = await users.findOneByOrFail({ id: link.userId });
    return user.status === 'active' ? { ok: true, user } : disabled();
  }

  if (!identity.verifiedEmail) return { ok: false, code: 'email_not_verified', message: messages.auth.oauthEmailUnverified };
  const email = identity.verifiedEmail.trim();

  const existing = await users
    .createQueryBuilder('user')
    .where('lower(user.email) = lower(:email)', { email })
    .getOne();
  if (existing) {
    if (existing.status !== 'active') return disabled();
    const linkedElsewhere = await links.existsBy({ userId: existing.id, provider: identity.provider });
    if (options.consentToLink && !linkedElsewhere) {
      return { ok: false, code: 'account_linking_required', message: messages.auth.oidcLinkWithPassword, linkable: true };
    }
    // A password proves ownership we cannot check from here; a different account at the same provider is not ours to replace.
    if (existing.passwordHash !== null || linkedElsewhere) {
      return { ok: false, code: 'account_linking_required', message: messages.auth.accountLinkingRequired };
    }
    await links.insert({ userId: existing.id, provider: identity.provider, providerUserId: identity.providerUserId, email });
    return { ok: true, user: existing };
  }

  const user = await users.save(
    users.create({
      email,
      displayName: displayNameFor(identity, email),
      passwordHash: null,
      avatarUrl: identity.avatarUrl,
      role: 'user',
      status: 'active',
    }),
  );
  await links.insert({ userId: user.id, provider: identity.provider, providerUserId: identity.providerUserId, email });
  return { ok: true, user };
}

function disabled(): OAuthUserResolution {
  return { ok: false, code: 'account_disabled', message: messages.auth.accountDisabled };
}

function displayNameFor(identity: ExternalIdentity, email: string): string {
  const name = identity.displayName?.trim() || email.split('@')[0] || email;
  return name.slice(0, DISPLAY_NAME_MAX_LENGTH);
}
