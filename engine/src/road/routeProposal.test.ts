/**
 * Optimise route's proposal step on random trips of up to 8 stops with random visited, pinned and unlocated
 * stops: every stop that must keep its place keeps it, the rest come out in the order a brute force over
 * every allowed order finds shortest, and the proposal is never longer than the trip as it is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPosition } from '@caravan/shared';
import { estimatedMatrix } from '../routing/greatCircleLegRouter.ts';
import { locatedStops, proposeRoute, routeTotals, type ProposalStop } from './routeProposal.ts';

const stopArbitrary = fc.record({
  located: fc.integer({ min: 0, max: 6 }).map((roll) => roll !== 0),
  latitude: fc.double({ min: 32, max: 42, noNaN: true }),
  longitude: fc.double({ min: -124, max: -114, noNaN: true }),
  visited: fc.integer({ min: 0, max: 5 }).map((roll) => roll === 0),
  pinned: fc.integer({ min: 0, max: 5 }).map((roll) => roll === 0),
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

/** Minutes, then km: the order the proposal minimises. */
const drive = (totals: { minutes: number; distanceKm: number }) => totals.minutes * 1e6 + Math.round(totals.distanceKm * 10);

describe('proposeRoute', () => {
  it('keeps fixed stops in place and finds the shortest order of the rest', () => {
    fc.assert(
      fc.property(fc.array(stopArbitrary, { minLength: 1, maxLength: 8 }), fc.boolean(), (drawn, endAtLast) => {
        const stops: ProposalStop[] = drawn.map((stop, index) => ({
          id: `s${index}`,
          latitude: stop.located ? stop.latitude : 0,
          longitude: stop.located ? stop.longitude : 0,
          visited: stop.visited,
        }));
        const pinnedStopIds = new Set(stops.filter((_, index) => drawn[index].pinned).map((stop) => stop.id));
        const located = locatedStops(stops);
        const matrix = estimatedMatrix(located);
        const keeps = (stop: ProposalStop, index: number) =>
          index === 0 || (endAtLast && index === stops.length - 1) || stop.visited || pinnedStopIds.has(stop.id) || !hasPosition(stop);

        const proposal = proposeRoute(stops, matrix, { endAtLast, pinnedStopIds });

        expect([...proposal.order].sort()).toEqual(stops.map((stop) => stop.id).sort());
        stops.forEach((stop, index) => {
          if (keeps(stop, index)) expect(proposal.order[index]).toBe(stop.id);
        });
        const indexOf = new Map(located.map((stop, index) => [stop.id, index]));
        const totalsOf = (order: string[]) => routeTotals(matrix, order.filter((id) => indexOf.has(id)).map((id) => indexOf.get(id)!));
        expect(totalsOf(proposal.order)).toEqual(proposal.after);
        expect(drive(proposal.after)).toBeLessThanOrEqual(drive(proposal.before));

        // Brute force: every arrangement of the free stops over the free places.
        const freePlaces = stops.flatMap((stop, index) => (keeps(stop, index) ? [] : [index]));
        const best = Math.min(
          ...permutations(freePlaces.map((index) => stops[index].id)).map((arrangement) => {
            const order = stops.map((stop) => stop.id);
            freePlaces.forEach((place, k) => (order[place] = arrangement[k]));
            return drive(totalsOf(order));
          }),
        );
        expect(drive(proposal.after)).toBe(best);
      }),
      { numRuns: 300 },
    );
  });
});
