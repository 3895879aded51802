/**
 * The OpenID Connect provider's configuration, discovered from OIDC_ISSUER on first use and kept. A failed
 * discovery is not kept: the provider may simply have been down, and the next sign-in tries again.
 */
import * as client from 'openid-client';
import type { OidcConfig } from '@caravan/engine';

export type OidcDiscovery = () => Promise<client.Configuration>;

export function oidcDiscovery(oidc: OidcConfig): OidcDiscovery {
  let pending: Promise<client.Configuration> | null = null;
  return () => {
    pending ??= discover(oidc).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

function discover(oidc: OidcConfig): Promise<client.Configuration> {
  const issuer = new URL(oidc.issuer);
  // An http:// issuer is the operator's explicit choice (a provider on the same host or LAN, or a test's).
  const execute = issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [];
  return client.discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, { execute });
}
