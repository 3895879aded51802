/** A tag as compared: weakly (no W/ prefix), and without the suffix of a compressed form (see DetailAnswer). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '').replace(/\.(?:br|gzip)"$/, '"');

/**
 * Whether a request's If-None-Match names `etag`: a list of tags or `*`, compared weakly, as an origin server
 * evaluates it; the tag of any compressed form counts (the client holds the same content). Unlike a cache's
 * freshness check this ignores the request's Cache-Control: a browser's fetch adds `no-cache` to every
 * request that sets If-None-Match itself.
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
