import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './securityHeaders.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('the content security policy', () => {
  it('lets the page reach a private base map served over plain HTTP, and only that server', () => {
    const policy = contentSecurityPolicy('http://tiles.lan:8080/styles/basic/style.json');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws: wss: https: http://tiles.lan:8080");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https: http://tiles.lan:8080");
  });

  it('lets the page reach a private dark base map on another server too, each server once', () => {
    const policy = contentSecurityPolicy('http://tiles.lan:8080/light.json', 'http://dark.lan/dark.json', 'http://tiles.lan:8080/other.json');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws: wss: https: http://tiles.lan:8080 http://dark.lan");
  });

  it('adds nothing for an HTTPS style, the embedded map, or no style', () => {
    for (const url of ['https://tiles.openfreemap.org/styles/liberty', 'embedded', undefined, 'http://bad host/']) {
      expect(directive(contentSecurityPolicy(url), 'connect-src')).toBe("connect-src 'self' ws: wss: https:");
    }
  });
});
