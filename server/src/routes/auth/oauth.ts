/**
 * Google sign-in in a popup (docs/product.md#log-in). /oauth_authorize sends the popup to Google with a `state`
 * bound to this browser; /oauth_callback/google finishes with passport-google-oauth20 and answers a page
 * that posts OAUTH_TOKEN_SUCCESS (a single-use credential for POST /establish_session) or OAUTH_ERROR
 * to the opener. Every outcome, including a misconfigured server, ends on that page. provider=oidc takes the
 * same popup and page through oidcSignIn.ts instead.
 */
import Router from '@koa/router';
import passport from 'passport';
import { Strategy as GoogleStrategy, type Profile, type VerifyCallback } from 'passport-google-oauth20';
import { messages, type TOAuthPopupMessage } from '@caravan/shared';
import { oauthCredentialIssuer } from '../../commands/oauthCredentialIssuer.ts';
import { oauthUserResolver, type ExternalIdentity } from '../../commands/oauthUserResolver.ts';
import { clearOAuthStateCookie, cookieStateStore, type OAuthStateFailure } from '../../auth/oauthStateStore.ts';
import { runPassport, type PassportOutcome } from '../../auth/passportRunner.ts';
import {
  oauthErrorMessage,
  oauthSuccessMessage,
  presentOAuthPopupPage,
  type OAuthPopupError,
} from '../../presenters/oauthPopupPage.ts';
import type { GoogleConfig } from '@caravan/engine';
import type { AppContext, AppDeps, AppState } from '../../types.ts';
import { OIDC, oidcSignIn } from './oidcSignIn.ts';

const GOOGLE = 'google';
const SCOPE = ['profile', 'email'];

/** What the strategy's verify step hands on when the sign-in succeeded. */
interface IssuedCredential {
  credential: string;
}

export function oauthRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/auth' });
  const authenticator = deps.config.google ? googleAuthenticator(deps, deps.config.google) : null;
  // Read per request: the origin is known only once the server listens when PUBLIC_ORIGIN is unset.
  const callbackURL = (provider = GOOGLE) => `${deps.config.publicOrigin}/_api/auth/oauth_callback/${provider}`;
  const oidc = deps.config.oidc ? oidcSignIn(deps, deps.config.oidc, () => callbackURL(OIDC)) : null;

  router.get('/oauth_authorize', async (ctx) => {
    const provider = ctx.query.provider;
    if (provider === OIDC && oidc) {
      const outcome = await oidc.authorize(ctx);
      if (!('location' in outcome)) return sendPopupPage(ctx, deps, oauthErrorMessage(outcome));
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(outcome.location);
      return;
    }
    if (provider !== GOOGLE || !authenticator) return sendPopupPage(ctx, deps, oauthErrorMessage(notConfigured(provider)));
    const outcome = await runPassport<IssuedCredential>(authenticator, GOOGLE, ctx, { callbackURL: callbackURL() });
    if (outcome.kind === 'redirect') {
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(outcome.location);
      return;
    }
    sendPopupPage(ctx, deps, oauthErrorMessage(popupErrorFor(ctx, outcome)));
  });

  router.get('/oauth_callback/:provider', async (ctx) => {
    const provider = ctx.params.provider;
    if (provider === OIDC && oidc) return sendPopupPage(ctx, deps, await oidc.callback(ctx));
    if (provider !== GOOGLE || !authenticator) return sendPopupPage(ctx, deps, oauthErrorMessage(notConfigured(provider)));
    // Without either, the strategy would start a new authorization instead of finishing one.
    if (!ctx.query.code && !ctx.query.error) {
      clearOAuthStateCookie(ctx);
      return sendPopupPage(ctx, deps, oauthErrorMessage(invalidState('no authorization code')));
    }
    const outcome = await runPassport<IssuedCredential>(authenticator, GOOGLE, ctx, { callbackURL: callbackURL() });
    clearOAuthStateCookie(ctx);
    const message =
      outcome.kind === 'success'
        ? oauthSuccessMessage(outcome.user.credential)
        : oauthErrorMessage(popupErrorFor(ctx, outcome));
    sendPopupPage(ctx, deps, message);
  });

  return router;
}

function googleAuthenticator(deps: AppDeps, google: GoogleConfig): passport.Authenticator {
  const strategy = new GoogleStrategy(
    {
      clientID: google.clientId,
      clientSecret: google.clientSecret,
      authorizationURL: google.authorizationURL,
      tokenURL: google.tokenURL,
      userProfileURL: google.userProfileURL,
      scope: SCOPE,
      store: cookieStateStore(),
    },
    (_accessToken: string, _refreshToken: string, profile: Profile, done: VerifyCallback) => {
      signIn(deps, profile).then(
        (result) => ('credential' in result ? done(null, result) : done(null, false, result)),
        (error: unknown) => done(error),
      );
    },
  );
  const authenticator = new passport.Authenticator();
  authenticator.use(GOOGLE, strategy);
  return authenticator;
}

async function signIn(deps: AppDeps, profile: Profile): Promise<IssuedCredential | OAuthPopupError> {
  const resolution = await oauthUserResolver(deps.dataSource, identityFrom(profile));
  if (!resolution.ok) return { code: resolution.code, message: resolution.message, details: `provider: ${GOOGLE}` };
  return { credential: await oauthCredentialIssuer(deps.dataSource, { userId: resolution.user.id }) };
}

function identityFrom(profile: Profile): ExternalIdentity {
  if (!profile.id) throw new Error('the provider profile has no subject');
  // The OpenID profile passes `email_verified` through, which some providers send as a string.
  const verified = profile.emails?.find((email) => String(email.verified) === 'true');
  const photo = profile.photos?.[0]?.value;
  return {
    provider: GOOGLE,
    providerUserId: profile.id,
    verifiedEmail: verified?.value ?? null,
    displayName: profile.displayName ?? null,
    avatarUrl: photo && isHttpsUrl(photo) ? photo : null,
  };
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

function popupErrorFor(ctx: AppContext, outcome: PassportOutcome<unknown>): OAuthPopupError {
  if (outcome.kind === 'failure') {
    const challenge = outcome.challenge as Partial<OAuthPopupError & OAuthStateFailure & { message: string }> | undefined;
    if (challenge?.reason === 'invalid_state') return invalidState(challenge.details ?? 'state mismatch');
    if (challenge?.code) return challenge as OAuthPopupError;
    if (ctx.query.error === 'access_denied') {
      return { code: 'access_denied', message: messages.auth.oauthCancelled, details: challenge?.message || 'access_denied' };
    }
    return { code: 'oauth_failed', message: messages.auth.oauthFailed, details: 'authentication failed' };
  }
  if (outcome.kind !== 'error') {
    return { code: 'oauth_failed', message: messages.auth.oauthFailed, details: `unexpected ${outcome.kind}` };
  }
  return { code: 'oauth_failed', message: messages.auth.oauthFailed, details: describeProviderError(ctx, outcome.error) };
}

/** Errors from the provider are worth showing a developer; anything else stays in the log. */
function describeProviderError(ctx: AppContext, error: unknown): string {
  const { name, code, message } = (error ?? {}) as { name?: string; code?: unknown; message?: string };
  if (name === 'AuthorizationError' || name === 'TokenError' || name === 'UserInfoError') {
    ctx.state.log.warn({ err: error }, 'oauth provider refused the sign-in');
    return [code, message].filter(Boolean).join(': ');
  }
  if (name === 'InternalOAuthError') {
    ctx.state.log.warn({ err: error }, 'oauth provider call failed');
    return message ?? 'provider call failed';
  }
  ctx.state.log.error({ err: error }, 'oauth sign-in failed');
  return 'unexpected error';
}

function notConfigured(provider: unknown): OAuthPopupError {
  if (provider === OIDC) {
    return { code: 'provider_not_configured', message: messages.auth.oidcNotConfigured, details: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not set' };
  }
  return {
    code: 'provider_not_configured',
    message: messages.auth.googleNotConfigured,
    details:
      provider === GOOGLE
        ? 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set'
        : `unknown provider: ${typeof provider === 'string' ? provider.slice(0, 50) : '(none)'}`,
  };
}

function invalidState(details: string): OAuthPopupError {
  return { code: 'invalid_state', message: messages.auth.oauthStateInvalid, details };
}

function sendPopupPage(ctx: AppContext, deps: AppDeps, message: TOAuthPopupMessage): void {
  const page = presentOAuthPopupPage(message, deps.config.publicOrigin);
  ctx.set('Content-Security-Policy', page.contentSecurityPolicy);
  // The page can hold a credential.
  ctx.set('Cache-Control', 'no-store');
  // The popup arrives here from the provider's origin; any other policy would move it to a new
  // browsing context group and cut window.opener, so the message could never be posted.
  ctx.set('Cross-Origin-Opener-Policy', 'unsafe-none');
  ctx.type = 'html';
  ctx.body = page.html;
}
