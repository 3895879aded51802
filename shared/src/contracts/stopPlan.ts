/**
 * /trips/stops/update-plan: a stop's plan fields (./planFields.ts), any subset of them; each left out keeps its
 * value, null clears it. Values are the ones the live door takes (the same table, no reading in between), so both
 * doors accept and refuse alike. Lodging belongs to an overnight stop: sending lodging while overnight is false is
 * refused, and turning overnight off clears the lodging in the same write (the live door clears what a client
 * leaves: collab-server/src/liveLodging.ts).
 */
import { z } from 'zod';
import { requestObject, stopIdInput, tripId } from './common.ts';
import { PLAN_STOP_FIELD_KEYS, planMessages, planStopFields } from './planFields.ts';

export const ZUpdateStopPlanRequest = requestObject({
  tripId: tripId(),
  stopId: stopIdInput(),
  kind: planStopFields.kind.optional(),
  stayMinutes: planStopFields.stayMinutes.optional(),
  fixedTime: planStopFields.fixedTime.optional(),
  openingHours: planStopFields.openingHours.optional(),
  overnight: planStopFields.overnight.optional(),
  lodging: planStopFields.lodging.optional(),
  refuels: planStopFields.refuels.optional(),
})
  .refine((body) => PLAN_STOP_FIELD_KEYS.some((key) => body[key] !== undefined), { message: planMessages.planFieldRequired, path: ['kind'] })
  .refine((body) => !(body.overnight === false && body.lodging), { message: planMessages.lodgingNeedsOvernight, path: ['lodging'] });

export type TUpdateStopPlanRequest = z.infer<typeof ZUpdateStopPlanRequest>;
