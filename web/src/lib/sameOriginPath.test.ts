import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './sameOriginPath.ts';

const origin = 'https://caravan.example';

describe('sameOriginPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(sameOriginPath('/trips', origin)).toBe('/trips');
    expect(sameOriginPath('/invite/abc-123?from=mail#top', origin)).toBe('/invite/abc-123?from=mail#top');
    expect(sameOriginPath('/trips/a%20b', origin)).toBe('/trips/a%20b');
  });

  it.each([
    null,
    '',
    'trips',
    ' /trips',
    'https://evil.test/',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    '//evil.test',
    '///evil.test',
    '/\\evil.test',
    '\\\\evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r/evil.test',
    '/\u0000/evil.test',
    '/.//evil.test',
    '/%2F/evil.test',
    '/%2f%2fevil.test',
    '/%5Cevil.test',
    '/%09/evil.test',
    '/%E0%A4%A',
  ])('sends %j to /', (value) => {
    expect(sameOriginPath(value, origin)).toBe('/');
  });
});
