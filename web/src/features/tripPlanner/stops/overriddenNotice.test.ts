import { describe, expect, it } from 'vitest';
import type { OverriddenEdit } from '../../../lib/collab/overriddenEdits.ts';
import { overriddenNotice } from './overriddenNotice.ts';

const NAMES: Record<string, string> = { ast: 'Astoria', pdx: 'Portland' };
const stopName = (stopId: string) => NAMES[stopId];
const edit = (stopId: string, key: string): OverriddenEdit => ({ stopId, key, mine: 'x', byClient: 7 });

describe('the overridden-edit notice in words', () => {
  it('says who moved which stop, and whose order was kept', () => {
    expect(overriddenNotice([edit('ast', 'pos')], 'Ana', stopName)).toEqual({
      title: 'Ana moved Astoria at the same time; their order was kept',
      label: 'Apply mine again: your change of Astoria',
    });
  });

  it('names the field, the position for a marker moved, and the details for several', () => {
    expect(overriddenNotice([edit('ast', 'name')], 'Ana', stopName).title).toBe('Ana changed the name of Astoria at the same time; theirs was kept');
    expect(overriddenNotice([edit('ast', 'plannedArrivalDate')], 'Ben', stopName).title).toBe(
      'Ben changed the date of Astoria at the same time; theirs was kept',
    );
    expect(overriddenNotice([edit('ast', 'latitude'), edit('ast', 'longitude')], 'Ana', stopName).title).toBe(
      'Ana changed the position of Astoria at the same time; theirs was kept',
    );
    expect(overriddenNotice([edit('ast', 'name'), edit('ast', 'notes')], 'Ana', stopName).title).toBe(
      'Ana changed Astoria at the same time; their changes were kept',
    );
    expect(overriddenNotice([edit('ast', 'name'), edit('ast', 'pos')], 'Ana', stopName).title).toBe(
      'Ana changed Astoria at the same time; their changes were kept',
    );
  });

  it('counts the stops when one change replaced several, and falls back to "Another member"', () => {
    expect(overriddenNotice([edit('ast', 'pos'), edit('pdx', 'pos')], 'Another member', stopName)).toEqual({
      title: 'Another member moved 2 of your stops at the same time; their order was kept',
      label: 'Apply mine again: your changes of 2 stops',
    });
    expect(overriddenNotice([edit('ast', 'pos'), edit('pdx', 'notes')], 'Ana', stopName).title).toBe(
      'Ana changed 2 of your stops at the same time; their changes were kept',
    );
  });
});
