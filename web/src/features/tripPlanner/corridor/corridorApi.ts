/** The "Along the route" call: places near a stretch of the trip's route; writes nothing. */
import { calls, type TCorridorSearchRequest } from '@caravan/shared';
import { call } from '../../../lib/api.ts';

export const searchAlongRoute = (request: TCorridorSearchRequest) => call(calls.corridor.search, request);
