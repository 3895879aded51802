/** The offline map's call: the tile list of a trip's route, for any member; writes nothing. */
import { defineCall } from './defineCall.ts';
import { ZOfflineMapPlanRequest, ZOfflineMapPlanResponse } from './offlineMap.ts';

export const offlineMapCalls = {
  offlineMap: {
    plan: defineCall({ method: 'POST', path: '/trips/offline-map/plan', request: ZOfflineMapPlanRequest, response: ZOfflineMapPlanResponse }),
  },
} as const;
