import { describe, expect, it } from 'vitest';
import { EMBEDDED_MAP_STYLE, ZClientConfigResponse } from '@caravan/shared';
import { loadConfig } from '@caravan/engine';
import { createApi } from '../../test/apiClient.ts';
import { startTestServer } from '../../test/testServer.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

describe('GET /config', () => {
  it('tells anyone, signed in or not, that the base map is the default one (null: OpenFreeMap, falling back to the embedded map)', async () => {
    const response = await t.api.get('/config');
    expect(response.status).toBe(200);
    expect(ZClientConfigResponse.parse(response.body)).toEqual({ mapStyleUrl: null, mapboxToken: null });
  });

  it('passes on the configured map style and Mapbox token', async () => {
    const server = await startTestServer({ mapStyleUrl: 'https://tiles.example.com/style.json', mapboxToken: 'pk.test' });
    try {
      const response = await createApi(server).get('/config');
      expect(response.body).toEqual({ mapStyleUrl: 'https://tiles.example.com/style.json', mapboxToken: 'pk.test' });
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
});
