/**
 * Members that stop reading their socket: the collab server (its own process here, to read its memory) closes them
 * before what waits for them piles up.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { addStop, COLLAB_CLOSE, orderedStops } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { freePort } from '@caravan/engine/test';
import { sessionCookieFor } from '@caravan/server/test';
import type { CollabProcess } from './collabProcess.ts';
import { TOO_FAR_BEHIND_REASON } from './connection.ts';
import { connectClient, waitFor } from './test/collabClient.ts';
import { writeLargeNotes } from './test/largeTrip.ts';
import { startPausedReader } from './test/pausedReader.ts';
import { useCollabProcesses } from './test/useCollabProcesses.ts';
import { buildTripWith } from './test/useCollabTrips.ts';

const processes = useCollabProcesses();
let collab: CollabProcess;
beforeAll(async () => {
  collab = await processes.collabOn(await freePort());
});

const TOO_FAR_BEHIND = { code: COLLAB_CLOSE.tooFarBehind, reason: TOO_FAR_BEHIND_REASON };

/** The collab process's resident memory in MB. */
const residentMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${collab.child.pid}/status`, 'utf8'))![1]) / 1024;

const tripWith = (roles: Array<'editor' | 'viewer'>) => buildTripWith(processes.dataSource, roles);

/** How long a member of another trip takes to join, and to see an edit of that trip's owner. */
async function otherTripTimes(tripId: string, owner: User, editor: User) {
  const joinStarted = Date.now();
  const first = await processes.connectAs(collab.url, tripId, owner);
  const joinMs = Date.now() - joinStarted;
  const second = await processes.connectAs(collab.url, tripId, editor);
  const name = `Live ${randomUUID()}`;
  const editStarted = Date.now();
  addStop(first.doc, randomUUID(), { name });
  await waitFor(() => orderedStops(second.doc).some((stop) => stop.name === name), 10_000, 'the live edit');
  return { joinMs, deliveryMs: Date.now() - editStarted };
}

/** Samples the collab process's memory from now until `stop()`, which returns the peak growth in MB. */
function watchMemory() {
  const before = residentMb();
  let peak = before;
  const sampling = setInterval(() => (peak = Math.max(peak, residentMb())), 100);
  return () => {
    clearInterval(sampling);
    return Math.max(peak, residentMb()) - before;
  };
}

describe('collab server: members that stop reading', () => {
  it('cuts a viewer that stopped reading and asks for a 1 MB trip 150 times a second; memory flat, other trips prompt', async () => {
    const { owner, trip, members: [viewer] } = await tripWith(['viewer']);
    await writeLargeNotes(processes.dataSource, trip.id, owner.id);
    const other = await tripWith(['editor']);
    // The first join and edit in a process is slow whatever else happens (code not yet compiled): not measured.
    const warmUp = await tripWith(['editor']);
    await otherTripTimes(warmUp.trip.id, warmUp.owner, warmUp.members[0]);

    const growth = watchMemory();
    const cookie = await sessionCookieFor(processes.dataSource, viewer);
    const attack = await startPausedReader({ url: collab.url, tripId: trip.id, cookie });
    try {
      await sleep(1000);
      const { joinMs, deliveryMs } = await otherTripTimes(other.trip.id, other.owner, other.members[0]);
      await sleep(4000);
      // Without the limits: ~300 MB more in these 5 s (~2.4 GB in 15 s on another machine), and the socket stays open.
      expect(growth()).toBeLessThan(100);
      expect(attack.sent()).toBeGreaterThan(150);
      // Each answer costs its 1 MB to the asker's budget, so it is closed as rate-limited within seconds (the kernel
      // buffers of a socket that has read fast take the first few MB, so nothing piles up here before that). Not
      // reading, it cannot see the close frame: it finds the connection cut, and its member is refused for a pause.
      expect(await attack.stop()).not.toBeNull();
      const rejoin = connectClient(collab.url, trip.id, cookie);
      await waitFor(() => rejoin.closes.length > 0, 5000, 'the rejoin to be refused').finally(() => rejoin.destroy());
      expect(rejoin.closes[0].code).toBe(COLLAB_CLOSE.rateLimited);
      // Quiet: ~20 ms and ~10 ms; generous bounds for a loaded 2-core machine.
      expect(joinMs).toBeLessThan(3000);
      expect(deliveryMs).toBeLessThan(1000);
    } finally {
      await attack.stop();
    }
  });

  it('closes a member that stops reading once more than 4 MB wait for it, and keeps sending the others everything', async () => {
    const { owner, trip, members: [viewer] } = await tripWith(['viewer']);
    const reader = await processes.connectAs(collab.url, trip.id, owner);
    const cookie = await sessionCookieFor(processes.dataSource, viewer);
    const paused = await startPausedReader({ url: collab.url, tripId: trip.id, cookie, perSecond: 0 });
    try {
      // ~1 MB committed through the REST door each time, fanned out to both members.
      let notes = '';
      for (let write = 0; write < 16; write++) notes = await writeLargeNotes(processes.dataSource, trip.id, owner.id);
      expect(await paused.stop()).toEqual(TOO_FAR_BEHIND);
      const stops = () => orderedStops(reader.doc);
      const hasLastNotes = () => stops().length === 250 && stops().every((stop) => stop.notes === notes);
      await waitFor(hasLastNotes, 5000, 'the reader to get the last notes');
      expect(reader.closes).toEqual([]);
    } finally {
      await paused.stop();
    }
  });
});
