import { describe, expect, it } from 'vitest';
import type { TTripChanges } from '../contracts/history.ts';
import { changeSummary } from './changeSummary.ts';

type Changes = Pick<TTripChanges, 'stops' | 'entries' | 'members'>;
const MEMBERS = [
  { userId: 1, displayName: 'Ana' },
  { userId: 2, displayName: 'Ben' },
  { userId: 3, displayName: 'Cy' },
  { userId: 4, displayName: 'Dee' },
  { userId: 5, displayName: 'Eli' },
];

let next = 0;
const stop = (kind: 'added' | 'removed' | 'moved' | 'changed', by: number[], fields: Array<{ field: string; before: unknown; after: unknown }> = [], name = 'Stop') => ({
  stopId: `s${next++}`,
  name,
  kind,
  fields,
  by,
});
const rename = (from: string, to: string, by: number[]) => stop('changed', by, [{ field: 'name', before: from, after: to }], to);
const entry = (root: string, kind: 'added' | 'removed' | 'changed', by: number[]) => ({ part: 'p', root, key: `k${next++}`, kind, label: 'x', before: null, after: null, by });
const summary = (changes: Partial<Changes>) => changeSummary({ stops: [], entries: [], members: MEMBERS, ...changes });

describe('the one-line summary of what changed', () => {
  it('says so when nothing changed', () => {
    expect(summary({})).toBe('Nobody changed anything');
  });

  it('counts each kind of change per person, one or many, people who did most first', () => {
    expect(
      summary({
        stops: [stop('moved', [1]), stop('moved', [1]), stop('moved', [1])],
        entries: [entry('expenses', 'added', [2])],
      }),
    ).toBe('Ana moved 3 stops, Ben added an expense');
    expect(summary({ stops: [stop('added', [1]), stop('added', [1]), rename('Eureka', 'Eureka Old Town', [1])] })).toBe('Ana added 2 stops and renamed Eureka');
    expect(
      summary({
        stops: [stop('removed', [2])],
        entries: [entry('expenses', 'removed', [1]), entry('expenses', 'changed', [1]), entry('expenses', 'changed', [1])],
      }),
    ).toBe('Ana changed 2 expenses and removed an expense, Ben removed a stop');
    expect(summary({ stops: [stop('added', [1]), stop('moved', [1])], entries: [entry('expenses', 'added', [1]), entry('checklists', 'added', [1])] })).toBe(
      'Ana added a stop, a checklist and an expense and moved a stop',
    );
  });

  it('names up to two renamed stops, more by count, and a moved stop renamed too as both', () => {
    expect(summary({ stops: [rename('Eureka', 'E', [1]), rename('Arcata', 'A', [1])] })).toBe('Ana renamed Eureka and Arcata');
    expect(summary({ stops: [rename('Eureka', 'E', [1]), rename('Arcata', 'A', [1]), rename('Trinidad', 'T', [1])] })).toBe('Ana renamed 3 stops');
    expect(summary({ stops: [stop('moved', [1], [{ field: 'name', before: 'Eureka', after: 'E' }])] })).toBe('Ana moved a stop and renamed Eureka');
  });

  it("tells each part's changes in its own words", () => {
    expect(
      summary({
        entries: [
          entry('checklists', 'added', [1]),
          entry('checklistItems', 'added', [1]),
          entry('checklistItems', 'added', [1]),
          entry('checklistDone', 'added', [2]),
          entry('checklistDone', 'removed', [2]),
          entry('polls', 'added', [3]),
          entry('polls', 'changed', [3]),
          entry('votes', 'added', [4]),
          entry('votes', 'changed', [4]),
          entry('votes', 'added', [4]),
          entry('votes', 'removed', [4]),
          entry('payments', 'added', [5]),
          entry('moneySettings', 'added', [5]),
          entry('moneySettings', 'removed', [5]),
        ],
      }),
    ).toBe(
      'Dee voted 3 times and took back a vote, Ana added a checklist and 2 checklist items, Eli recorded a payment and changed 2 cost settings, and 2 others',
    );
    expect(summary({ entries: [entry('checklistDone', 'added', [2]), entry('checklistDone', 'removed', [2]), entry('polls', 'added', [3]), entry('polls', 'changed', [3])] })).toBe(
      'Ben ticked an item and unticked an item, Cy started a poll and closed a poll',
    );
  });

  it('names three people and counts the rest, one other or more', () => {
    const four = [stop('added', [1]), stop('added', [1]), stop('added', [1]), stop('added', [2]), stop('added', [2]), stop('added', [3]), stop('removed', [4])];
    expect(summary({ stops: four })).toBe('Ana added 3 stops, Ben added 2 stops, Cy added a stop, and 1 other');
    expect(summary({ stops: [...four, stop('moved', [5])] })).toBe('Ana added 3 stops, Ben added 2 stops, Cy added a stop, and 2 others');
  });

  it('counts a change made by two people for each, and one nobody is known to have made for "Someone"; a member not named is a former member', () => {
    expect(summary({ stops: [stop('changed', [1, 2])] })).toBe('Ana changed a stop, Ben changed a stop');
    expect(summary({ stops: [stop('removed', [])] })).toBe('Someone removed a stop');
    expect(summary({ stops: [stop('removed', [9])] })).toBe('Former member removed a stop');
  });
});
