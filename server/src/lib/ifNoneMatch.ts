/**
 * Whether a request's If-None-Match names `etag`: a list of tags or `*`, compared weakly (a W/ prefix is
 * ignored), as an origin server evaluates it. Unlike a cache's freshness check this ignores the request's
 * Cache-Control: a browser's fetch adds `no-cache` to every request that sets If-None-Match itself.
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}
