/** Where to go after sign-in: the `redirect` value when it is a path on this site, else '/'. */

// Browsers read '\' as '/' and drop tabs and newlines from URLs: '/\evil.test' and '/\t/evil.test' are '//evil.test'.
const URL_TRICKS = /[\\\u0000-\u001f\u007f]/;

export function sameOriginPath(value: string | null, origin: string): string {
  if (!value || !value.startsWith('/') || URL_TRICKS.test(value)) return '/';
  let url: URL;
  let decodedPath: string;
  try {
    url = new URL(value, origin);
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return '/';
  }
  // '//host' (also as '/.//host' or '/%2F/host' once resolved or decoded) would leave the site.
  if (url.origin !== origin || decodedPath.startsWith('//') || URL_TRICKS.test(decodedPath)) return '/';
  return url.pathname + url.search + url.hash;
}
