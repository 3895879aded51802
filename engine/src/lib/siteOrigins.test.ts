import { describe, expect, it } from 'vitest';
import { siteOrigins } from './siteOrigins.ts';

describe('siteOrigins', () => {
  it('is PUBLIC_ORIGIN alone for a real domain', () => {
    expect(siteOrigins('https://caravan.example')).toEqual(['https://caravan.example']);
  });

  it('lets the printed localhost URL be opened under the other loopback names, same port only', () => {
    const origins = siteOrigins('http://localhost:3000');
    expect(origins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(origins).not.toContain('http://127.0.0.1:3001');
  });
});
