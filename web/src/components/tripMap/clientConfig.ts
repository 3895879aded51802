/** The map's run-time config (which map library and token to use), asked once per page load. */
import { ZClientConfigResponse } from '@caravan/shared';
import { apiCall } from '../../lib/api.ts';

export const CLIENT_CONFIG_KEY = ['client-config'] as const;

export const clientConfigApi = {
  config: () => apiCall(ZClientConfigResponse, '/config'),
};
