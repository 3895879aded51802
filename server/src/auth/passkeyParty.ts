/**
 * The WebAuthn relying party is this site as PUBLIC_ORIGIN names it: its host is the RP ID passkeys are bound to,
 * and its origin the only one a passkey's answer may come from. (A browser refuses passkeys on a bare IP address:
 * open the site under its PUBLIC_ORIGIN name, e.g. http://localhost:3000.)
 */
export interface PasskeyParty {
  rpID: string;
  rpName: string;
  origin: string;
}

export function passkeyParty(publicOrigin: string): PasskeyParty {
  const url = new URL(publicOrigin);
  return { rpID: url.hostname, rpName: 'Caravan', origin: url.origin };
}
