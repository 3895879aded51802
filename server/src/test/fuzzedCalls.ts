/**
 * Which fuzz sends random bodies to which call, and the calls none of them takes, each with why:
 * callCoverage.test.ts checks that together they name every call of `calls`.
 */
import type { CallName } from '@caravan/shared';

export const fuzzedCalls = {
  /** robustness.test.ts: accounts, My Trips' writes, place search and the place at a point. */
  accounts: [
    'auth.login',
    'auth.register',
    'auth.establishSession',
    'auth.logout',
    'auth.forgotPassword',
    'auth.resetPassword',
    'account.updateProfile',
    'account.changePassword',
    'trips.create',
    'trips.delete',
    'search.locations',
    'search.reverse',
    'admin.updateRole',
    'admin.updateStatus',
    'admin.addToTrip',
    'admin.resetPassword',
  ],
  /** routes/trips/tripCalls.robustness.test.ts: the trip page's calls, on a trip with stops, a journal and photos. */
  tripDetail: [
    'trips.details',
    'stops.add',
    'stops.reorder',
    'stops.delete',
    'stops.toggleVisited',
    'stops.updateDetails',
    'stops.updatePlan',
    'stops.updateContent',
    'stops.updatePlannedDate',
    'stops.autoSchedule',
    'stops.calculateTravelTime',
    'stops.optimiseRoute',
    'stops.planDays',
    'stops.importPreview',
    'journal.create',
    'journal.update',
    'journal.delete',
    'trips.share',
    'trips.public',
    'trips.heroImage',
    'trips.routeMode',
    'trips.roadSettings',
    'search.pois',
    'exports.file',
    'exports.calendarFeed',
    'exports.createCalendarFeed',
    'exports.rotateCalendarFeed',
    'exports.revokeCalendarFeed',
  ],
  /** routes/collaboration/collaboration.robustness.test.ts: a trip's crew, invitations, suggestions, comments, activity. */
  collaboration: [
    'members.list',
    'members.remove',
    'members.changeRole',
    'members.invite',
    'invitations.list',
    'invitations.details',
    'invitations.accept',
    'suggestions.list',
    'suggestions.create',
    'suggestions.review',
    'suggestions.vote',
    'polls.list',
    'polls.create',
    'polls.vote',
    'polls.close',
    'checklists.list',
    'checklists.createList',
    'checklists.deleteList',
    'checklists.addItem',
    'checklists.updateItem',
    'checklists.deleteItem',
    'checklists.moveItem',
    'comments.list',
    'comments.create',
    'comments.resolve',
    'activity.feed',
  ],
  /** routes/trips/costs.robustness.test.ts: shared costs, as a viewer (the role with the most per-entry rules). */
  costs: [
    'costs.overview',
    'costs.addExpense',
    'costs.updateExpense',
    'costs.deleteExpense',
    'costs.recordPayment',
    'costs.deletePayment',
    'costs.settings',
    'costs.uploadReceipt',
    'costs.csv',
  ],
} as const satisfies Record<string, readonly CallName[]>;

/** A GET whose request is the empty object has no field to draw and no body to break. */
const takesNothing = 'a GET that takes nothing: no field to draw, no body to break';

export const notFuzzed: Partial<Record<CallName, string>> = {
  'auth.session': takesNothing,
  'auth.config': takesNothing,
  'admin.users': takesNothing,
  'admin.trips': takesNothing,
  'admin.outbox': takesNothing,
  'trips.list': takesNothing,
  'trips.previews': takesNothing,
  config: takesNothing,
};
