import { describe, expect, it } from 'vitest';
import { ZClientConfigResponse } from '@caravan/shared';
import { createApi } from '../../test/apiClient.ts';
import { startTestServer } from '../../test/testServer.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

describe('GET /config', () => {
  it('tells anyone, signed in or not, that the base map is the built-in plain background by default', async () => {
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
});
