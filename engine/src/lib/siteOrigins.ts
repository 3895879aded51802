/**
 * The origins a browser may show for this site: PUBLIC_ORIGIN, and, when that is a loopback name, the same
 * port under the other loopback names (a newcomer opens the printed http://localhost:3000 as 127.0.0.1).
 * A page on another domain cannot send a loopback Origin, so the twins widen nothing an attacker reaches.
 */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export function siteOrigins(publicOrigin: string): string[] {
  const url = new URL(publicOrigin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [publicOrigin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}
