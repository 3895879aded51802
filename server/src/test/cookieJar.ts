/**
 * A browser's cookies for tests that follow redirects across servers by hand: kept per origin, sent with every
 * request there, cleared when a response expires them. Paths and attributes are ignored (a test's few
 * cookies have distinct names).
 */
export interface CookieJar {
  /** fetch without following redirects, carrying and keeping this jar's cookies. */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  get(origin: string, name: string): string | undefined;
  set(origin: string, name: string, value: string): void;
}

export function cookieJar(): CookieJar {
  const byOrigin = new Map<string, Map<string, string>>();
  const cookiesOf = (origin: string) => {
    if (!byOrigin.has(origin)) byOrigin.set(origin, new Map());
    return byOrigin.get(origin)!;
  };
  return {
    async fetch(url, init = {}) {
      const target = new URL(url);
      const cookies = cookiesOf(target.origin);
      const headers = new Headers(init.headers);
      if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      const response = await fetch(target, { ...init, headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
        const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
        if (!value || expired) cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
    get: (origin, name) => cookiesOf(origin).get(name),
    set: (origin, name, value) => void cookiesOf(origin).set(name, value),
  };
}
