/**
 * Which hosts the server pushes to: the browsers' own push services, and those the operator adds (PUSH_SERVICE_HOSTS:
 * a self-hosted push service, or a test's stand-in). A member's browser names its endpoint, so without this list any
 * member could make the server POST to an address of their choosing, inside the server's network too.
 */

/** Chrome (FCM), Firefox (Mozilla autopush), Safari (Apple), Edge (Windows Push Notification Services). */
export const BROWSER_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'];

/** The hosts this server pushes to: the browsers' and the operator's. */
export const pushServiceHostsOf = (config: { pushServiceHosts: readonly string[] }): string[] => [...BROWSER_PUSH_SERVICE_HOSTS, ...config.pushServiceHosts];

/** Is the endpoint an https address on one of `hosts` ('*.example.com' takes its subdomains)? */
export function isKnownPushService(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}
