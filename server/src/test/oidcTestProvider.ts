/**
 * A real OpenID Connect provider for tests (the `oidc-provider` library) on a random local port, with one
 * confidential test client. Its login and consent screens are replaced by a handler that signs in whichever
 * account the test chose with `signInNext`, as if the user typed its password and consented at once.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import type { OidcConfig } from '@caravan/engine';

export interface OidcTestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcTestProvider {
  issuer: string;
  /** What Caravan's OIDC_* settings would be for this provider. */
  config: OidcConfig;
  /** Registers the test client with Caravan's callback URL (known only once Caravan listens) and starts answering. */
  start(redirectUri: string): void;
  signInNext(account: OidcTestAccount): void;
  close(): Promise<void>;
}

export async function listenOidcTestProvider(name = 'Sign in with Test IdP'): Promise<OidcTestProvider> {
  // Loaded here, not with the test helpers: every test process imports them, and only the OIDC tests need a provider.
  const { default: OidcProvider } = await import('oidc-provider');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: OidcConfig = { issuer, clientId: 'caravan-test', clientSecret: 'caravan-test-secret-0123456789abcdef', name };
  const accounts = new Map<string, OidcTestAccount>();
  let next: OidcTestAccount | null = null;

  return {
    issuer,
    config,
    start(redirectUri) {
      const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
      const provider = new OidcProvider(issuer, {
        clients: [
          {
            client_id: config.clientId,
            client_secret: config.clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        jwks: { keys: [{ ...key, kid: 'test-key', alg: 'RS256', use: 'sig' }] as never },
        findAccount: (_ctx, sub) => {
          const account = accounts.get(sub);
          return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        cookies: { keys: ['caravan-test-cookie-key'] },
        pkce: { required: () => true },
        // Set, so the library does not warn about its defaults on every test.
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      });
      const answer = provider.callback();
      server.on('request', (req, res) => {
        if (!req.url?.startsWith('/interaction/')) return void answer(req, res);
        finishInteraction(provider, req, res).catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      });
    },
    signInNext(account) {
      next = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function finishInteraction(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (!next) throw new Error('no account chosen with signInNext');
    const account = next;
    accounts.set(account.sub, account);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }
}
