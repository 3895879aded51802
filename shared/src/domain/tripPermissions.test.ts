import { describe, expect, it } from 'vitest';
import { STOP_FIELD_KEYS } from '../tripDoc/schema.ts';
import {
  canDeleteTrip,
  canEditStops,
  canManageCalendarFeed,
  canResolveComments,
  canReviewSuggestions,
  canScheduleStops,
  canToggleVisited,
  canRecordProgress,
  canWriteLiveDoc,
  canCreatePolls,
  canVote,
  canClosePoll,
  isDerivedStopKey,
  isMember,
  isRemovableMember,
  mayWriteStopKey,
  type TripRole,
} from './tripPermissions.ts';

const ROLES: (TripRole | null)[] = ['owner', 'editor', 'viewer', null];
const allowed = (predicate: (role: TripRole | null) => boolean) => ROLES.filter((role) => predicate(role));

describe('trip permissions, one table for the REST handlers, the live door and the web app', () => {
  it('gives editing stops, starting polls, reviews and resolving to owner and editor', () => {
    for (const predicate of [canEditStops, canCreatePolls, canReviewSuggestions, canResolveComments]) {
      expect(allowed(predicate)).toEqual(['owner', 'editor']);
    }
  });

  it('lets every member write the live document (viewers their shared costs only)', () => {
    expect(allowed(canWriteLiveDoc)).toEqual(['owner', 'editor', 'viewer']);
  });

  it('keeps deleting the trip, scheduling, visits and the calendar feed to the owner', () => {
    for (const predicate of [canDeleteTrip, canScheduleStops, canToggleVisited, canManageCalendarFeed]) {
      expect(allowed(predicate)).toEqual(['owner']);
    }
  });

  it("lets whoever may write both progress keys record \"We're here\" and \"running late\" by call: owner and editor", () => {
    for (const role of ROLES) {
      expect(canRecordProgress(role), String(role)).toBe(mayWriteStopKey(role, 'arrivedAt') && mayWriteStopKey(role, 'delayMinutes'));
    }
    expect([canRecordProgress('owner'), canRecordProgress('editor'), canRecordProgress('viewer')]).toEqual([true, true, false]);
  });

  it('counts every role as a member, and no role without membership', () => {
    expect(allowed(isMember)).toEqual(['owner', 'editor', 'viewer']);
    expect(['owner', 'editor', 'viewer'].filter((role) => isRemovableMember(role as TripRole))).toEqual(['editor', 'viewer']);
  });

  it('lets no role write a derived stop key, editors no owner-only key, viewers nothing', () => {
    const writable = (role: TripRole | null) => STOP_FIELD_KEYS.filter((key) => mayWriteStopKey(role, key));
    expect(STOP_FIELD_KEYS.filter(isDerivedStopKey)).toEqual(['driveLeg']);
    expect(writable('owner')).toEqual(STOP_FIELD_KEYS.filter((key) => key !== 'driveLeg'));
    expect(writable('editor')).not.toContain('visited');
    expect(writable('editor')).not.toContain('plannedArrivalDate');
    expect(writable('editor')).toContain('name');
    expect(writable('viewer')).toEqual([]);
    expect(writable(null)).toEqual([]);
  });

  it('lets every member write the live document and vote, and closes a poll for its creator or the owner', () => {
    for (const predicate of [canWriteLiveDoc, canVote]) expect(allowed(predicate)).toEqual(['owner', 'editor', 'viewer']);
    const poll = { createdBy: 7 };
    expect(ROLES.filter((role) => canClosePoll(role, 7, poll))).toEqual(['owner', 'editor', 'viewer']);
    expect(ROLES.filter((role) => canClosePoll(role, 8, poll))).toEqual(['owner']);
  });
});
