/** Adds a stop at the end of the trip and records 'stop_added' in the activity feed, in one document write. */
import { randomUUID } from 'node:crypto';
import { addStop, contractStops, type ContractStop, type TAddStopRequest } from '@caravan/shared';
import { assertTripNotFull, recordStopChange, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

/** The stop as the trip document now holds it, with its trip's id. */
export type AddedStop = ContractStop & { tripId: string };

export function stopAdder(tripDocs: TripDocHub, actor: User, { tripId, ...fields }: TAddStopRequest): Promise<AddedStop> {
  const id = randomUUID();
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    assertTripNotFull(doc);
    transact(() => {
      addStop(doc, id, {
        name: fields.name,
        address: fields.address,
        notes: fields.notes,
        latitude: fields.latitude,
        longitude: fields.longitude,
      });
      recordStopChange(doc, actor, { kind: 'added', stopId: id, stopName: fields.name });
    });
    const stop = contractStops(doc).find((candidate) => candidate.id === id)!;
    return { ...stop, tripId: tripId.toLowerCase() };
  });
}
