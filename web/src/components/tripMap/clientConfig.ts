/** The map's run-time config (which map library and token to use), asked once per page load. */
import { calls } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const CLIENT_CONFIG_KEY = ['client-config'] as const;

export const clientConfigApi = {
  config: () => call(calls.config),
};
