/** Adds a stop at the end of the trip and records 'stop_added' in the activity feed, in one document write. */
import { randomUUID } from 'node:crypto';
import { addStop, contractStops, type TAddStopRequest, type TTripStop } from '@caravan/shared';
import type { User } from '../entities/user.ts';
import { presentStop } from '../presenters/tripDetail.ts';
import { recordActivity } from '../tripDocs/activityRecorder.ts';
import type { TripDocHub } from '../tripDocs/tripDocHub.ts';
import { serverOrigin } from '../tripDocs/origins.ts';

export type NewStopFields = Omit<TAddStopRequest, 'tripId'>;

export function stopAdder(tripDocs: TripDocHub, actor: User, tripId: string, fields: NewStopFields): Promise<TTripStop> {
  const id = randomUUID();
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    transact(() => {
      addStop(doc, id, {
        name: fields.name,
        address: fields.address,
        notes: fields.notes,
        latitude: fields.latitude,
        longitude: fields.longitude,
      });
      recordActivity(doc, actor, 'stop_added', { stopName: fields.name });
    });
    const stop = contractStops(doc).find((candidate) => candidate.id === id)!;
    return presentStop({ ...stop, tripId: tripId.toLowerCase() }, []);
  });
}
