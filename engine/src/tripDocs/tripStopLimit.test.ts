import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { COLLAB_LIMITS, messages, stopsMap } from '@caravan/shared';
import { assertTripNotFull } from './tripStopLimit.ts';

function tripWithStops(count: number): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (let i = 0; i < count; i++) stopsMap(doc).set(`stop-${i}`, new Y.Map());
  });
  return doc;
}

describe('assertTripNotFull', () => {
  it('lets a stop more into a trip below the limit', () => {
    expect(() => assertTripNotFull(tripWithStops(COLLAB_LIMITS.maxStopsPerTrip - 1))).not.toThrow();
  });

  it('refuses a stop more with a conflict once the trip holds the limit', () => {
    expect(() => assertTripNotFull(tripWithStops(COLLAB_LIMITS.maxStopsPerTrip))).toThrow(
      expect.objectContaining({ code: 'conflict', message: messages.stops.tripFull(COLLAB_LIMITS.maxStopsPerTrip) }),
    );
  });
});
