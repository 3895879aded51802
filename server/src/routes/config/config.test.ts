import { describe, expect, it } from 'vitest';
import { EMBEDDED_MAP_STYLE, PROVIDER_ATTRIBUTION, ZClientConfigResponse } from '@caravan/shared';
import { loadConfig } from '@caravan/engine';
import { createApi } from '../../test/apiClient.ts';
import { startTestServer } from '../../test/testServer.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

describe('GET /config', () => {
  it('tells anyone, signed in or not, that the base map is the default one (null: OpenFreeMap, falling back to the embedded map)', async () => {
    const response = await t.api.get('/config');
    expect(response.status).toBe(200);
    expect(ZClientConfigResponse.parse(response.body)).toEqual({
      mapStyleUrl: null,
      mapStyleUrlDark: null,
      mapboxToken: null,
      // The test server runs with PROVIDERS=offline: the offline list and the estimate answer.
      providers: { locations: 'offline', roads: 'estimate', pois: 'offline', exchangeRates: 'none' },
      attribution: [PROVIDER_ATTRIBUTION.geoNames],
    });
  });

  it('passes on the configured map style, its dark variant and the Mapbox token', async () => {
    const server = await startTestServer({
      mapStyleUrl: 'https://tiles.example.com/style.json',
      mapStyleUrlDark: 'https://tiles.example.com/dark.json',
      mapboxToken: 'pk.test',
    });
    try {
      const response = await createApi(server).get('/config');
      expect(response.body).toMatchObject({
        mapStyleUrl: 'https://tiles.example.com/style.json',
        mapStyleUrlDark: 'https://tiles.example.com/dark.json',
        mapboxToken: 'pk.test',
      });
    } finally {
      await server.close();
    }
  });

  it('turns remote tiles off with MAP_TILES=off or MAP_STYLE_URL=embedded, and refuses other MAP_TILES values', () => {
    expect(loadConfig({ MAP_TILES: 'off', MAP_STYLE_URL: 'https://tiles.example.com/style.json' }).mapStyleUrl).toBe(EMBEDDED_MAP_STYLE);
    expect(loadConfig({ MAP_STYLE_URL: 'embedded' }).mapStyleUrl).toBe(EMBEDDED_MAP_STYLE);
    expect(loadConfig({ MAP_TILES: 'on' }).mapStyleUrl).toBeUndefined();
    expect(() => loadConfig({ MAP_TILES: 'no' })).toThrow("MAP_TILES must be 'on' or 'off'");
  });

  it('reads the dark style from MAP_STYLE_URL_DARK, and asks for none with remote tiles off', () => {
    expect(loadConfig({ MAP_STYLE_URL_DARK: 'https://tiles.example.com/dark.json' }).mapStyleUrlDark).toBe('https://tiles.example.com/dark.json');
    expect(loadConfig({}).mapStyleUrlDark).toBeUndefined();
    expect(loadConfig({ MAP_TILES: 'off', MAP_STYLE_URL_DARK: 'https://tiles.example.com/dark.json' }).mapStyleUrlDark).toBeUndefined();
  });
});
