import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rankCollabProcesses } from './rendezvous.ts';

const processes = (n: number) => Array.from({ length: n }, (_, i) => `http://collab-${i + 1}:1234`);
const tripIds = Array.from({ length: 10_000 }, () => randomUUID());
const holder = (tripId: string, urls: readonly string[]) => rankCollabProcesses(tripId, urls)[0];

describe('rendezvous placement of trips on collab processes', () => {
  it('gives every API process the same answer, whatever order it lists the processes in', () => {
    const listed = processes(5);
    const reversed = [...listed].reverse();
    for (const tripId of tripIds.slice(0, 1000)) {
      expect(rankCollabProcesses(tripId, reversed)).toEqual(rankCollabProcesses(tripId, listed));
      // A trip id in capitals is the same trip (the collab server reads it lower-cased).
      expect(holder(tripId.toUpperCase(), listed)).toBe(holder(tripId, listed));
    }
  });

  it('spreads trips evenly: each of 3 processes holds about a third', () => {
    const counts = new Map<string, number>();
    for (const tripId of tripIds) counts.set(holder(tripId, processes(3)), (counts.get(holder(tripId, processes(3))) ?? 0) + 1);
    expect(counts.size).toBe(3);
    for (const count of counts.values()) expect(Math.abs(count - 10_000 / 3)).toBeLessThan(300);
  });

  it('moves only the removed process\'s trips (about 1/n), each to the next process in its ranking', () => {
    const before = processes(4);
    const after = before.filter((url) => url !== 'http://collab-2:1234');
    let moved = 0;
    for (const tripId of tripIds) {
      const ranking = rankCollabProcesses(tripId, before);
      const now = holder(tripId, after);
      if (ranking[0] === 'http://collab-2:1234') {
        moved += 1;
        expect(now).toBe(ranking[1]);
      } else {
        expect(now).toBe(ranking[0]);
      }
    }
    expect(Math.abs(moved / tripIds.length - 1 / 4)).toBeLessThan(0.03);
  });

  it('moves only about 1/(n+1) of the trips to a process that is added, and none between the others', () => {
    const before = processes(3);
    const after = processes(4);
    let moved = 0;
    for (const tripId of tripIds) {
      const now = holder(tripId, after);
      if (now !== holder(tripId, before)) {
        moved += 1;
        expect(now).toBe('http://collab-4:1234');
      }
    }
    expect(Math.abs(moved / tripIds.length - 1 / 4)).toBeLessThan(0.03);
  });
});
