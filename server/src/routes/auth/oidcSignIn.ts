/**
 * Generic OpenID Connect sign-in in the same popup as Google's (oauth.ts routes provider=oidc here): the
 * authorization code flow with PKCE, provider discovered from OIDC_ISSUER, `state` and `nonce` checked by
 * openid-client against the values this browser's flow cookie holds. A new account needs a verified e-mail;
 * an existing account with that e-mail is linked only once its member logs in with the password (pendingLinkCookie.ts).
 */
import * as client from 'openid-client';
import { messages, type TOAuthPopupMessage } from '@caravan/shared';
import { sameToken, type OidcConfig } from '@caravan/engine';
import { oidcDiscovery } from '../../auth/oidcDiscovery.ts';
import { clearOidcFlowCookie, readOidcFlowCookie, setOidcFlowCookie } from '../../auth/oidcFlowCookie.ts';
import { oauthCredentialIssuer } from '../../commands/oauthCredentialIssuer.ts';
import { oauthUserResolver, type ExternalIdentity } from '../../commands/oauthUserResolver.ts';
import { oauthErrorMessage, oauthSuccessMessage, type OAuthPopupError } from '../../presenters/oauthPopupPage.ts';
import type { AppContext, AppDeps } from '../../types.ts';

export const OIDC = 'oidc';
const SCOPE = 'openid email profile';

export interface OidcSignIn {
  /** Where to send the popup, or why it cannot go. */
  authorize(ctx: AppContext): Promise<{ location: string } | OAuthPopupError>;
  /** Finishes the sign-in the provider sent back: what the popup page posts. */
  callback(ctx: AppContext): Promise<TOAuthPopupMessage>;
}

export function oidcSignIn(deps: AppDeps, oidc: OidcConfig, callbackURL: () => string): OidcSignIn {
  const discovery = oidcDiscovery(oidc);

  return {
    async authorize(ctx) {
      let configuration: client.Configuration;
      try {
        configuration = await discovery();
      } catch (error) {
        ctx.state.log.warn({ err: error }, 'oidc discovery failed');
        return failed('the identity provider could not be reached');
      }
      const flow = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const location = client.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackURL(),
        scope: SCOPE,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      setOidcFlowCookie(ctx, flow);
      return { location: location.href };
    },

    async callback(ctx) {
      const flow = readOidcFlowCookie(ctx);
      clearOidcFlowCookie(ctx);
      const { state, code, error } = ctx.query;
      // Checked before anything else: nobody finishes a sign-in they did not start in this browser.
      if (!flow || typeof state !== 'string' || !state) return oauthErrorMessage(invalidState('state missing'));
      if (!sameToken(state, flow.state)) return oauthErrorMessage(invalidState('state mismatch'));
      if (error === 'access_denied') {
        return oauthErrorMessage({ code: 'access_denied', message: messages.auth.oidcCancelled, details: 'access_denied' });
      }
      if (error) return oauthErrorMessage(failed(String(error).slice(0, 200)));
      if (typeof code !== 'string' || !code) return oauthErrorMessage(invalidState('no authorization code'));

      let identity: ExternalIdentity;
      try {
        const configuration = await discovery();
        const currentUrl = new URL(callbackURL());
        currentUrl.search = ctx.querystring;
        const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims()!;
        // Many providers put the e-mail in the ID token only when asked; the userinfo endpoint always has it.
        const userinfo = configuration.serverMetadata().userinfo_endpoint
          ? await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
          : {};
        identity = identityFrom(configuration.serverMetadata().issuer, { ...idToken, ...userinfo });
      } catch (caught) {
        return oauthErrorMessage(failed(describeError(ctx, caught)));
      }

      const resolution = await oauthUserResolver(deps.dataSource, identity, { consentToLink: true });
      if (resolution.ok) return oauthSuccessMessage(await oauthCredentialIssuer(deps.dataSource, { userId: resolution.user.id }));
      if (resolution.linkable && identity.verifiedEmail) {
        deps.pendingLinks.set(ctx, { provider: identity.provider, providerUserId: identity.providerUserId, email: identity.verifiedEmail });
      }
      const message = resolution.code === 'email_not_verified' ? messages.auth.oidcEmailUnverified : resolution.message;
      return oauthErrorMessage({ code: resolution.code, message, details: `provider: ${oidc.name}` });
    },
  };
}

/** Subjects are unique per issuer only, so the link names the issuer. */
function identityFrom(issuer: string, claims: Record<string, unknown>): ExternalIdentity {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  // Some providers send `email_verified` as a string.
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const picture = text(claims.picture);
  return {
    provider: `${OIDC}:${issuer}`,
    providerUserId: String(claims.sub),
    verifiedEmail: verified ? text(claims.email) : null,
    displayName: text(claims.name) ?? text(claims.preferred_username),
    avatarUrl: picture && picture.startsWith('https://') ? picture : null,
  };
}

/** The provider's refusals and failed checks are worth showing a developer; anything else stays in the log. */
function describeError(ctx: AppContext, error: unknown): string {
  if (error instanceof client.ResponseBodyError) {
    ctx.state.log.warn({ err: error }, 'oidc provider refused the sign-in');
    return [error.error, error.error_description].filter(Boolean).join(': ');
  }
  if (error instanceof client.ClientError || (error instanceof Error && String((error as { code?: unknown }).code).startsWith('OAUTH_'))) {
    ctx.state.log.warn({ err: error }, 'oidc sign-in failed a check');
    // oauth4webapi names the claim that failed (a wrong `nonce`, `aud`, `iss`…) only in the cause's cause.
    const claim = ((error.cause as { cause?: { claim?: unknown } } | undefined)?.cause)?.claim;
    return typeof claim === 'string' ? `${error.message}: ${claim}` : error.message;
  }
  if (error instanceof TypeError && error.message === 'fetch failed') {
    ctx.state.log.warn({ err: error }, 'oidc provider unreachable');
    return 'the identity provider could not be reached';
  }
  ctx.state.log.error({ err: error }, 'oidc sign-in failed');
  return 'unexpected error';
}

function failed(details: string): OAuthPopupError {
  return { code: 'oauth_failed', message: messages.auth.oauthFailed, details };
}

function invalidState(details: string): OAuthPopupError {
  return { code: 'invalid_state', message: messages.auth.oauthStateInvalid, details };
}
